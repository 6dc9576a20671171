import { useEffect, useState } from 'react';
import { STILL_WAITING_TEXT, waitingText } from './error-text.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { Scope } from './frame.tsx';

/** Milliseconds before a page still loading says the server has not answered (issue 30: within 5 s). */
const STILL_WAITING_AFTER_MS = 2000;
/** How often a page (or an account read) that could not reach the server tries again on its own. */
export const RETRY_UNREACHABLE_MS = 5000;

/**
 * A loading state: `label` ("Loading…"), then, while the first answer is still missing, a word that the server is
 * not answering yet (the request keeps retrying in the background; the content renders when it answers).
 */
export function LoadingText({ label }: { label?: string }) {
  const t = useTranslation();
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), STILL_WAITING_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return late ? (
    <p className="aw-banner" role="status" aria-busy="true">
      {STILL_WAITING_TEXT}
    </p>
  ) : (
    <p aria-busy="true">{label ?? t('Loading…')}</p>
  );
}

/** A handler page's loading state (the handler's Suspense fallback), as a full page. */
export function LoadingNotice() {
  return (
    <Scope className="aw-card aw-full-page">
      <LoadingText />
    </Scope>
  );
}

/**
 * In place of a page that could not load because the device is offline or the server is out of reach: says so,
 * and tries again every few seconds and as soon as the browser is back online, so the page comes back by itself.
 */
export function RetryingWhileUnreachable({ error, retry, className }: { error: unknown; retry: () => void; className: string }) {
  useEffect(() => {
    const timer = setTimeout(retry, RETRY_UNREACHABLE_MS);
    addEventListener('online', retry);
    return () => {
      clearTimeout(timer);
      removeEventListener('online', retry);
    };
  }, [retry]);
  return (
    <Scope className={className}>
      <p className="aw-banner" role="status" aria-busy="true">
        {waitingText(error)}
      </p>
      <button className="aw-button" type="button" onClick={retry}>
        Try again now
      </button>
    </Scope>
  );
}
