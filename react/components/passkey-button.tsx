import { useStackApp } from '../hooks.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { Icon } from './icons.tsx';
import { Button, useAction } from './kit.tsx';
import { useErrorText } from './error-text.ts';

/** Sign-in with a passkey of this site (the sign-in form's; as in the official SDK, a passkey signs in an existing account only). */
export function PasskeyButton() {
  const errorText = useErrorText();
  const app = useStackApp();
  const t = useTranslation();
  const { run, busy, error } = useAction(async () => {
    const result = await app.signInWithPasskey();
    return result.status === 'error' ? errorText(result.error) : null;
  });
  return (
    <div className="aw-field">
      <Button variant="secondary" busy={busy} icon={<Icon name="passkey" />} onClick={() => void run()}>
        {busy ? t('Waiting for your passkey…') : t('Sign in with a passkey')}
      </Button>
      {error && (
        <p className="aw-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
