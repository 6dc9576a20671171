import { useState } from 'react';
import type { CurrentUser } from '../../../runtime/client/user/current-user.ts';
import { passwordConfirmationError } from '../../../runtime/flows/password-rules.ts';
import { useErrorText } from '../error-text.ts';
import { SectionHeading } from '../frame.tsx';
import { ActionForm, TextField } from '../kit.tsx';

export function PasswordSection({ user }: { user: CurrentUser }) {
  const errorText = useErrorText();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [saved, setSaved] = useState(false);
  const save = async () => {
    setSaved(false);
    const mismatch = passwordConfirmationError(password, confirmation);
    if (mismatch) return errorText(mismatch);
    const result = user.hasPassword ? await user.updatePassword({ oldPassword, newPassword: password }) : await user.setPassword({ password });
    if (result.status === 'error') return errorText(result.error);
    setOldPassword('');
    setPassword('');
    setConfirmation('');
    setSaved(true);
    return null;
  };
  return (
    <section aria-labelledby="aw-password">
      <SectionHeading id="aw-password">Password</SectionHeading>
      <ActionForm action={save} submitLabel={user.hasPassword ? 'Change password' : 'Set password'} busyLabel="Saving…">
        {user.hasPassword && (
          <TextField label="Current password" name="oldPassword" type="password" autoComplete="current-password" value={oldPassword} onChange={setOldPassword} />
        )}
        <TextField label="New password" name="newPassword" type="password" autoComplete="new-password" value={password} onChange={setPassword} />
        <TextField label="Repeat the new password" name="confirmation" type="password" autoComplete="new-password" value={confirmation} onChange={setConfirmation} />
      </ActionForm>
      {saved && <p role="status">Password changed. Your other sessions were signed out.</p>}
    </section>
  );
}
