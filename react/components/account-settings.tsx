import { useUser } from '../../hooks.ts';
import { useProject } from '../../project.ts';
import { HandlerPage } from '../kit.tsx';
import { ConnectedAccountsSection } from './account/connected-accounts-section.tsx';
import { DeleteSection } from './account/delete-section.tsx';
import { EmailsSection } from './account/emails-section.tsx';
import { MfaSection } from './account/mfa-section.tsx';
import { PasskeySection } from './account/passkey-section.tsx';
import { PasswordSection } from './account/password-section.tsx';
import { ProfileSection } from './account/profile-section.tsx';
import { TeamsSection } from './account/teams-section.tsx';

export default function AccountSettingsPage() {
  const user = useUser({ or: 'redirect' });
  const { config } = useProject();
  return (
    <HandlerPage title="Account settings">
      <ProfileSection user={user} />
      <EmailsSection user={user} />
      <TeamsSection user={user} canCreate={config.clientTeamCreationEnabled} />
      {config.credentialEnabled && <PasswordSection user={user} />}
      <MfaSection user={user} />
      {config.passkeyEnabled && <PasskeySection user={user} />}
      {config.oauthProviders.length > 0 && <ConnectedAccountsSection user={user} providers={config.oauthProviders} />}
      {config.clientUserDeletionEnabled && <DeleteSection user={user} />}
    </HandlerPage>
  );
}
