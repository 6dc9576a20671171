import { useEffect, useState } from 'react';
import { useStackApp } from '../../hooks.ts';
import { errorText } from '../../components/error-text.ts';
import { Card } from '../../components/frame.tsx';

export default function SignOutPage() {
  const app = useStackApp();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    app.signOut().catch((caught: unknown) => setError(errorText(caught)));
  }, [app]);
  return (
    <Card title="Signing out…" fullPage>
      <p className="aw-error" role="alert" aria-busy={!error}>
        {error}
      </p>
    </Card>
  );
}
