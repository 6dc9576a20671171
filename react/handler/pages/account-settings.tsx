import { useUser } from '../../hooks.ts';
import { useProject } from '../../project.ts';
import { HandlerPage } from '../kit.tsx';
import { DeleteSection } from './account/delete-section.tsx';
import { EmailsSection } from './account/emails-section.tsx';
import { PasswordSection } from './account/password-section.tsx';
import { ProfileSection } from './account/profile-section.tsx';

export default function AccountSettingsPage() {
  const user = useUser({ or: 'redirect' });
  const { config } = useProject();
  return (
    <HandlerPage title="Account settings">
      <ProfileSection user={user} />
      <EmailsSection user={user} />
      {config.credentialEnabled && <PasswordSection user={user} />}
      {config.clientUserDeletionEnabled && <DeleteSection user={user} />}
    </HandlerPage>
  );
}
