import type { ReactNode } from 'react';
import { useUser } from '../hooks.ts';
import { useProject } from '../project.ts';
import { ConnectedAccountsSection } from './account/connected-accounts-section.tsx';
import { DeleteSection } from './account/delete-section.tsx';
import { EmailsSection } from './account/emails-section.tsx';
import { MfaSection } from './account/mfa-section.tsx';
import { PasskeySection } from './account/passkey-section.tsx';
import { PasswordSection } from './account/password-section.tsx';
import { ProfileSection } from './account/profile-section.tsx';
import { TeamsSection } from './account/teams-section.tsx';
import { Card, SectionHeading } from './frame.tsx';
import { refuseUnsupportedProps, type Unsupported } from './unsupported-props.ts';

/** The official icons an extra item may name; authworker draws no icons, so a named one shows nothing. */
export type AccountSettingsIconName = 'Contact' | 'ShieldCheck' | 'Bell' | 'Monitor' | 'Key' | 'Settings' | 'CirclePlus' | 'CreditCard';

/** A section of the app's own, shown after the built-in ones. */
export type AccountSettingsItem = { title: string; content: ReactNode; id: string } & ({ icon?: ReactNode } | { iconName?: AccountSettingsIconName });

const MOCK_PROPS = ['mockUser', 'mockApiKeys', 'mockProject', 'mockSessions'] as const;
type MockMessage = 'authworker: AccountSettings shows the signed-in user only; its mock props (mockUser, mockApiKeys, mockProject, mockSessions) are not supported';

/** The official `AccountSettings`'s props. */
export interface AccountSettingsProps {
  /** The page's main content: a level-one heading, the card in the middle of the page. */
  fullPage?: boolean;
  extraItems?: AccountSettingsItem[];
  mockUser?: Unsupported<MockMessage>;
  mockApiKeys?: Unsupported<MockMessage>;
  mockProject?: Unsupported<MockMessage>;
  mockSessions?: Unsupported<MockMessage>;
}

function ExtraItem({ item }: { item: AccountSettingsItem }) {
  const headingId = `aw-item-${item.id}`;
  return (
    <section id={item.id} aria-labelledby={headingId}>
      <SectionHeading id={headingId}>
        {'icon' in item && item.icon && <span aria-hidden="true">{item.icon} </span>}
        {item.title}
      </SectionHeading>
      {item.content}
    </section>
  );
}

/**
 * The official `AccountSettings`: profile, e-mail addresses, teams, password, two-factor authentication,
 * passkey, connected accounts and deletion, as the project enables them, then the app's `extraItems`. A
 * signed-out visitor is sent to sign in.
 */
export function AccountSettings(props: AccountSettingsProps) {
  refuseUnsupportedProps('AccountSettings', props, MOCK_PROPS, 'it shows the signed-in user, not mock data.');
  const user = useUser({ or: 'redirect' });
  const { config } = useProject();
  return (
    <Card title="Account settings" fullPage={props.fullPage}>
      <ProfileSection user={user} />
      <EmailsSection user={user} />
      <TeamsSection user={user} canCreate={config.clientTeamCreationEnabled} />
      {config.credentialEnabled && <PasswordSection user={user} />}
      <MfaSection user={user} />
      {config.passkeyEnabled && <PasskeySection user={user} />}
      {config.oauthProviders.length > 0 && <ConnectedAccountsSection user={user} providers={config.oauthProviders} />}
      {config.clientUserDeletionEnabled && <DeleteSection user={user} />}
      {props.extraItems?.map((item) => <ExtraItem key={item.id} item={item} />)}
    </Card>
  );
}
