import { useState } from 'react';
import type { CurrentUser } from '../../../../runtime/client/current-user.ts';
import { useAction } from '../../kit.tsx';

export function PasskeySection({ user }: { user: CurrentUser }) {
  const [registered, setRegistered] = useState(false);
  const register = useAction(async () => {
    setRegistered(false);
    const result = await user.registerPasskey();
    if (result.status === 'error') return result.error.message;
    setRegistered(true);
    return null;
  });
  return (
    <section aria-labelledby="aw-passkey">
      <h2 id="aw-passkey">Passkey</h2>
      <p>{user.passkeyAuthEnabled ? 'You can sign in with your passkey.' : 'Sign in without a password, with a passkey of this device.'}</p>
      <button type="button" onClick={() => void register.run()} disabled={register.busy}>
        {user.passkeyAuthEnabled ? 'Replace my passkey' : 'Add a passkey'}
      </button>
      {registered && <p role="status">Passkey saved.</p>}
      {register.error && (
        <p className="aw-error" role="alert">
          {register.error}
        </p>
      )}
    </section>
  );
}
