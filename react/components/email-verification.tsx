import { useState } from 'react';
import { useStackApp } from '../hooks.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { useErrorText } from './error-text.ts';
import { Card } from './frame.tsx';
import { codeFromUrl, useOnce } from './kit.tsx';

/** The official `EmailVerification`'s props. */
export interface EmailVerificationProps {
  /** The link's query (`code`); the page's own URL when left out. */
  searchParams?: Record<string, string>;
  fullPage?: boolean;
}

/** The official `EmailVerification`: verifies the e-mailed link's code as the page opens. */
export function EmailVerification({ searchParams, fullPage }: EmailVerificationProps) {
  const errorText = useErrorText();
  const app = useStackApp();
  const t = useTranslation();
  const [state, setState] = useState<{ done: boolean; error: string | null }>({ done: false, error: null });
  useOnce(() => {
    const code = codeFromUrl(searchParams);
    if (!code) return setState({ done: true, error: t('This verification link has no code. Ask for a new one.') });
    void app.verifyEmail(code).then(
      (result) => setState({ done: true, error: result.status === 'error' ? errorText(result.error) : null }),
      (caught: unknown) => setState({ done: true, error: errorText(caught) }),
    );
  });
  return (
    <Card title={t('Verify your e-mail')} fullPage={fullPage} centered>
      {!state.done && <p aria-busy="true">{t('Verifying…')}</p>}
      {state.done && !state.error && <p role="status">{t('Your e-mail address is verified.')}</p>}
      {state.error && (
        <p className="aw-error" role="alert">
          {state.error}
        </p>
      )}
      <p className="aw-alt">
        <a href={app.urls.home}>{t('Continue')}</a>
      </p>
    </Card>
  );
}
