import { useRef, useState } from 'react';
import type { CurrentUser } from '../../../runtime/client/user/current-user.ts';
import { useErrorText } from '../error-text.ts';
import { SectionHeading } from '../frame.tsx';
import { useAction } from '../kit.tsx';

export function PasskeySection({ user }: { user: CurrentUser }) {
  const errorText = useErrorText();
  const [notice, setNotice] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const register = useAction(async () => {
    setNotice(null);
    const result = await user.registerPasskey();
    if (result.status === 'error') return errorText(result.error);
    setNotice('Passkey saved.');
    return null;
  });
  // The API only turns passkeys off: that deletes the passkey.
  const remove = useAction(async () => {
    setNotice(null);
    await user.update({ passkeyAuthEnabled: false });
    setNotice('Passkey removed.');
    // The focused Remove button goes away: keyboard users continue from the button that stays.
    addButton.current?.focus();
  });
  const error = register.error ?? remove.error;
  return (
    <section aria-labelledby="aw-passkey">
      <SectionHeading id="aw-passkey">Passkey</SectionHeading>
      <p>{user.passkeyAuthEnabled ? 'You can sign in with your passkey.' : 'Sign in without a password, with a passkey of this device.'}</p>
      <button ref={addButton} type="button" onClick={() => void register.run()} disabled={register.busy}>
        {user.passkeyAuthEnabled ? 'Replace my passkey' : 'Add a passkey'}
      </button>{' '}
      {user.passkeyAuthEnabled && (
        <button type="button" onClick={() => void remove.run()} disabled={remove.busy}>
          Remove passkey
        </button>
      )}
      <p role="status">{notice}</p>
      {error && (
        <p className="aw-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
