import { useEffect, useState } from 'react';
import { useStackApp } from '../../hooks.ts';
import { errorText } from '../../components/error-text.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Card } from '../../components/frame.tsx';

export default function SignOutPage() {
  const app = useStackApp();
  const t = useTranslation();
  // The failure itself is kept: its words are chosen at render, in the page's language.
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    app.signOut().catch((error: unknown) => setFailure({ error }));
  }, [app]);
  return (
    <Card title={t('Signing out…')} fullPage>
      <p className="aw-error" role="alert" aria-busy={!failure}>
        {failure && errorText(failure.error, t)}
      </p>
    </Card>
  );
}
