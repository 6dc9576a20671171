import { useEffect, useState } from 'react';
import type { StackClientApp } from '../../../runtime/client/client-app.ts';
import { useStackApp } from '../../hooks.ts';
import { HandlerPage } from '../kit.tsx';

// One exchange per callback URL: a second effect run (StrictMode) must not find the code already used.
let pending: { href: string; run: Promise<boolean> } | null = null;
function callOnce(app: StackClientApp): Promise<boolean> {
  const href = typeof location === 'undefined' ? '' : location.href;
  if (pending?.href !== href) pending = { href, run: app.callOAuthCallback() };
  return pending.run;
}

/** Where the provider sends the browser back: the worker exchanges the code, then the app redirects. */
export default function OAuthCallbackPage() {
  const app = useStackApp();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    callOnce(app).then(
      (redirected) => setError(redirected ? null : 'This sign-in could not be completed. Please sign in again.'),
      (caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)),
    );
  }, [app]);
  return (
    <HandlerPage title="Signing you in…">
      <p className="aw-error" role="alert" aria-busy={!error}>
        {error}
      </p>
      {error && (
        <p className="aw-alt">
          <a href={app.urls.signIn}>Back to sign in</a>
        </p>
      )}
    </HandlerPage>
  );
}
