import { useEffect, useState } from 'react';
import { useStackApp } from '../../hooks.ts';
import { HandlerPage } from '../kit.tsx';
import { errorText } from '../../error-text.ts';

export default function SignOutPage() {
  const app = useStackApp();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    app.signOut().catch((caught: unknown) => setError(errorText(caught)));
  }, [app]);
  return (
    <HandlerPage title="Signing out…">
      <p className="aw-error" role="alert" aria-busy={!error}>
        {error}
      </p>
    </HandlerPage>
  );
}
