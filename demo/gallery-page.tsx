import type { ReactNode } from 'react';
import {
  AuthPage,
  CredentialSignIn,
  CredentialSignUp,
  ForgotPassword,
  MagicLinkSignIn,
  MessageCard,
  OAuthButtonGroup,
  SelectedTeamSwitcher,
  SignIn,
  TeamSwitcher,
  UserAvatar,
} from '../react/index.ts';

// Every component that renders without a signed-in user, with fixed data (mockProject, mock teams): what the
// screenshot suite (e2e/screenshots.spec.ts) photographs one section at a time, light and dark, phone and desktop.
// `?lang=de-DE` (demo/main.tsx) shows it in another language.

const MOCK_PROJECT = {
  config: { signUpEnabled: true, credentialEnabled: true, passkeyEnabled: true, magicLinkEnabled: true, oauthProviders: [{ id: 'github' }, { id: 'google' }] },
};
const TEAMS = [
  { id: 't1', displayName: 'Research and development' },
  { id: 't2', displayName: 'A team with a very long name that does not fit in the switcher at all' },
];

function Item({ name, children }: { name: string; children: ReactNode }) {
  return (
    <section data-gallery={name} aria-label={name} style={{ padding: '1rem 0', maxWidth: '100%' }}>
      {children}
    </section>
  );
}

export function GalleryPage() {
  return (
    <>
      <h1>Gallery</h1>
      <Item name="SignIn">
        <SignIn mockProject={MOCK_PROJECT} extraInfo="By signing in you accept the terms." />
      </Item>
      <Item name="SignUp">
        <AuthPage type="sign-up" mockProject={MOCK_PROJECT} />
      </Item>
      <Item name="CredentialSignIn">
        <CredentialSignIn />
      </Item>
      <Item name="CredentialSignUp">
        <CredentialSignUp />
      </Item>
      <Item name="MagicLinkSignIn">
        <MagicLinkSignIn />
      </Item>
      <Item name="OAuthButtonGroup">
        <OAuthButtonGroup type="sign-in" mockProject={MOCK_PROJECT} />
      </Item>
      <Item name="ForgotPassword">
        <ForgotPassword />
      </Item>
      <Item name="MessageCard">
        <MessageCard title="Check your inbox" primaryButtonText="Back home" secondaryButtonText="Resend">
          We sent a sign-in link to ada@example.com.
        </MessageCard>
      </Item>
      <Item name="UserAvatar">
        <UserAvatar user={{ displayName: 'Ada Lovelace' }} size={40} border />
        <UserAvatar user={{ primaryEmail: 'kay@example.com' }} size={40} />
        <UserAvatar user={null} size={40} />
      </Item>
      <Item name="TeamSwitcher">
        <TeamSwitcher mockUser={{}} mockTeams={TEAMS} />
      </Item>
      <Item name="SelectedTeamSwitcher">
        <SelectedTeamSwitcher mockUser={{ selectedTeam: TEAMS[1] }} mockTeams={TEAMS} allowNull />
      </Item>
    </>
  );
}
