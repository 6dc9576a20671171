import { useStackApp } from '../hooks.ts';
import { useErrorText } from './error-text.ts';
import { useAction } from './kit.tsx';

/** Sign-in with a passkey of this site (the sign-in form's; as in the official SDK, a passkey signs in an existing account only). */
export function PasskeyButton() {
  const errorText = useErrorText();
  const app = useStackApp();
  const { run, busy, error } = useAction(async () => {
    const result = await app.signInWithPasskey();
    return result.status === 'error' ? errorText(result.error) : null;
  });
  return (
    <div className="aw-form">
      <button className="aw-button" type="button" disabled={busy} onClick={() => void run()}>
        {busy ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </button>
      {error && (
        <p className="aw-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
