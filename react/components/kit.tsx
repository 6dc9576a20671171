// The form kit of the components: labelled fields, forms with busy and error states, actions, account reads.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { OfflineError } from '../../runtime/http/errors.ts';
import type { ReadKey } from '../../runtime/client/reads/read-keys.ts';
import { useReadObserver } from '../hooks.ts';
import { errorText, isUnreachable, waitingText } from './error-text.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { LoadingText, RETRY_UNREACHABLE_MS } from './waiting.tsx';

export function TextField(props: {
  label: string;
  name: string;
  type?: 'text' | 'email' | 'password';
  value: string;
  onChange: (value: string) => void;
  autoComplete?: string;
  required?: boolean;
}) {
  const id = useId();
  return (
    <label htmlFor={id}>
      {props.label}
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        required={props.required ?? true}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      />
    </label>
  );
}

/** A form whose submit runs `action`, with a busy state, an announced error and kept input. */
export function ActionForm(props: { action: () => Promise<string | null | void>; submitLabel: string; busyLabel: string; children?: ReactNode }) {
  const { run, busy, error } = useAction(props.action);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run();
  };
  return (
    <form className="aw-form" onSubmit={submit} aria-busy={busy} noValidate>
      {props.children}
      <p className="aw-error" role="alert" aria-live="assertive">
        {error}
      </p>
      <button className="aw-button" type="submit" disabled={busy}>
        {busy ? props.busyLabel : props.submitLabel}
      </button>
    </form>
  );
}

/**
 * Runs an async action: a write while offline is refused at once with the reason, thrown errors and returned
 * messages become the error text. Resolve with a string to show it as the error. `local` actions (a
 * navigation) run offline too.
 */
export function useAction(action: () => Promise<string | null | void>, local = false): { run: () => Promise<void>; busy: boolean; error: string | null } {
  const t = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async () => {
    setError(null);
    if (!local && typeof navigator !== 'undefined' && navigator.onLine === false) {
      setError(errorText(new OfflineError(), t));
      return;
    }
    setBusy(true);
    try {
      const message = await action();
      if (typeof message === 'string') setError(message);
    } catch (caught) {
      setError(errorText(caught, t));
    } finally {
      setBusy(false);
    }
  }, [action, local, t]);
  return { run, busy, error };
}

/** What an account read has: its value once loaded, a failure to show, or a word that it keeps trying. */
export interface AccountRead<T> {
  value: T | null;
  /** A failure of the read itself, in words for people. */
  error: string | null;
  /** Offline or the server out of reach: what to say while the read retries on its own. */
  waiting: string | null;
}

/**
 * A read shown by an account page, through the same observer and cache as the hooks (runtime/client/reads/): fetched
 * on first use, again whenever a mutation in any tab names `key` (runtime/client/reads/read-keys.ts), so a page never
 * refetches what did not change, and when the browser is back online. The last value stays shown while a refetch
 * runs. Offline or with the server out of reach it says so and tries again every few seconds; any other failure is
 * shown as the error.
 */
export function useAccountRead<T>(key: ReadKey, load: () => Promise<T>): AccountRead<T> {
  const t = useTranslation();
  // A view of its own: an account read may load its key into another shape than the hook of that key.
  const options = { key, view: 'account', load, signedOut: null };
  const [observer, snapshot] = useReadObserver<T | null>(options);
  const { value, read } = observer.result(options, snapshot);
  const error = read?.error;
  const unreachable = error !== undefined && isUnreachable(error);
  useEffect(() => {
    const fetch = () => void read?.fetch();
    addEventListener('online', fetch);
    // Each failed attempt is a new error: the next attempt a few seconds after it.
    const retry = unreachable ? setTimeout(fetch, RETRY_UNREACHABLE_MS) : undefined;
    return () => {
      clearTimeout(retry);
      removeEventListener('online', fetch);
    };
  }, [read, unreachable, error]);
  return { value: value ?? null, error: error === undefined || unreachable ? null : errorText(error, t), waiting: unreachable ? waitingText(error, t) : null };
}

/**
 * An account read's state: its error; and while it has no value, that it keeps trying, or `loading` (which says the
 * server is not answering yet after 2 s).
 */
export function ReadState({ read, loading }: { read: AccountRead<unknown>; loading: string }) {
  if (read.error) {
    return (
      <p className="aw-error" role="alert">
        {read.error}
      </p>
    );
  }
  if (read.value !== null) return null;
  return read.waiting ? (
    <p className="aw-banner" role="status" aria-busy="true">
      {read.waiting}
    </p>
  ) : (
    <LoadingText label={loading} />
  );
}

/** The `code` query parameter of an e-mail link, or the one the app passes in `searchParams`. */
export function codeFromUrl(searchParams?: Record<string, string>): string | null {
  if (searchParams) return searchParams.code ?? null;
  return typeof location === 'undefined' ? null : new URL(location.href).searchParams.get('code');
}

/**
 * Runs `effect` once per mounted component, even where StrictMode runs effects twice: for the single-use codes
 * of e-mail and callback links.
 */
export function useOnce(effect: () => void): void {
  const ran = useRef(false);
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    effect();
  });
}
