import { useState } from 'react';
import { useStackApp } from '../../hooks.ts';
import { useErrorText } from '../../components/error-text.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Card } from '../../components/frame.tsx';
import { useOnce } from '../../components/kit.tsx';

/**
 * A page that completes a sign-in from its URL: runs `complete` once (the codes in these URLs are single-use),
 * then shows its error (a message in the page's language, or a thrown error) under a title saying the sign-in did not happen, with a way back to sign-in. `complete` resolves null on success.
 */
export function CompletingSignInPage({ complete }: { complete: () => Promise<string | null> }) {
  const app = useStackApp();
  const t = useTranslation();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  useOnce(() => {
    complete().then(setError, (caught: unknown) => setError(errorText(caught)));
  });
  return (
    // Once it failed, the title says what happened; the message says why and what to do.
    <Card title={error ? t('You are not signed in') : t('Signing you in…')} fullPage>
      <p className="aw-error" role="alert" aria-busy={!error}>
        {error}
      </p>
      {error && (
        <p className="aw-alt">
          <a href={app.urls.signIn}>{t('Back to sign in')}</a>
        </p>
      )}
    </Card>
  );
}
