import { useCallback } from 'react';
import { useStackApp } from '../../hooks.ts';
import { CompletingSignInPage } from './completing-sign-in.tsx';

/** Where the provider sends the browser back: the worker exchanges the code, then the app redirects. */
export default function OAuthCallbackPage() {
  const app = useStackApp();
  const complete = useCallback(
    async () => ((await app.callOAuthCallback()) ? null : 'This sign-in could not be completed. Please sign in again.'),
    [app],
  );
  return <CompletingSignInPage complete={complete} />;
}
