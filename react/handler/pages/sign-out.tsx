import { useEffect, useState } from 'react';
import { useStackApp } from '../../hooks.ts';

export default function SignOutPage() {
  const app = useStackApp();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    app.signOut().catch((caught: unknown) => setError(caught instanceof Error ? caught.message : String(caught)));
  }, [app]);
  return (
    <div className="aw-page" aria-busy={!error}>
      <h1>Signing out…</h1>
      <p className="aw-error" role="alert">
        {error}
      </p>
    </div>
  );
}
