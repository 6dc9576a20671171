import { useState } from 'react';
import type { CurrentUser } from '../../../runtime/client/user/current-user.ts';
import { SectionHeading } from '../frame.tsx';
import { ActionForm, TextField } from '../kit.tsx';

export function ProfileSection({ user }: { user: CurrentUser }) {
  const [displayName, setDisplayName] = useState(user.displayName ?? '');
  const [saved, setSaved] = useState(false);
  const save = async () => {
    setSaved(false);
    await user.setDisplayName(displayName.trim() === '' ? null : displayName.trim());
    setSaved(true);
  };
  return (
    <section aria-labelledby="aw-profile">
      <SectionHeading id="aw-profile">Profile</SectionHeading>
      <ActionForm action={save} submitLabel="Save profile" busyLabel="Saving…">
        <TextField label="Display name" name="displayName" autoComplete="name" required={false} value={displayName} onChange={setDisplayName} />
      </ActionForm>
      {saved && <p role="status">Saved.</p>}
    </section>
  );
}
