import { useState } from 'react';
import { useStackApp } from '../../hooks.ts';
import { errorText } from '../../components/error-text.ts';
import { Card } from '../../components/frame.tsx';
import { useOnce } from '../../components/kit.tsx';

/**
 * A page that completes a sign-in from its URL: runs `complete` once (the codes in these URLs are single-use),
 * then shows its error (a message, or a thrown error) with a way back to sign-in. `complete` resolves null on success.
 */
export function CompletingSignInPage({ complete }: { complete: () => Promise<string | null> }) {
  const app = useStackApp();
  const [error, setError] = useState<string | null>(null);
  useOnce(() => {
    complete().then(setError, (caught: unknown) => setError(errorText(caught)));
  });
  return (
    <Card title="Signing you in…" fullPage>
      <p className="aw-error" role="alert" aria-busy={!error}>
        {error}
      </p>
      {error && (
        <p className="aw-alt">
          <a href={app.urls.signIn}>Back to sign in</a>
        </p>
      )}
    </Card>
  );
}
