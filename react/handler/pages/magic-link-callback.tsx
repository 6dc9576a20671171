import { useEffect, useState } from 'react';
import { useStackApp } from '../../hooks.ts';
import { codeFromUrl, HandlerPage } from '../kit.tsx';

export default function MagicLinkCallbackPage() {
  const app = useStackApp();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const code = codeFromUrl();
    if (!code) {
      setError('This sign-in link has no code. Open the link from the e-mail again.');
      return;
    }
    app.signInWithMagicLink(code).then(
      (result) => setError(result.status === 'error' ? result.error.message : null),
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
