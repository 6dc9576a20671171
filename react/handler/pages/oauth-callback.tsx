import { useCallback } from 'react';
import { useStackApp } from '../../hooks.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { CompletingSignInPage } from './completing-sign-in.tsx';

/** Where the provider sends the browser back: the worker exchanges the code, then the app redirects. */
export default function OAuthCallbackPage() {
  const app = useStackApp();
  const t = useTranslation();
  const complete = useCallback(
    async () => ((await app.callOAuthCallback()) ? null : t('This sign-in could not be completed. Please sign in again.')),
    [app, t],
  );
  return <CompletingSignInPage complete={complete} />;
}
