import { AccountSettings, SelectedTeamSwitcher, SignedIn, SignIn, StackTheme, UserAvatar, useUserState } from '../react/index.ts';

// The official components on an app page of its own, outside the handler: what an app written for
// @stackframe/react renders, here with authworker's (e2e/components.spec.ts).

/** The demo's colours, given as the official StackTheme takes them. */
const THEME = { light: { primary: 'rgb(15, 118, 110)', primaryForeground: '#fff' }, radius: '4px' };

export function ComponentsPage() {
  const { user } = useUserState();
  // `?automaticRedirect`: a signed-in visitor is sent on to the after-sign-in URL instead of told so.
  const automaticRedirect = new URLSearchParams(location.search).has('automaticRedirect');
  return (
    <StackTheme theme={THEME} nonce="demo-nonce">
      <h1>Components</h1>
      <SignedIn>
        <p data-testid="component-header" style={{ display: 'flex', gap: '1rem', alignItems: 'center' }}>
          <UserAvatar user={user} size={40} border />
          <SelectedTeamSwitcher allowNull nullLabel="No team" />
        </p>
      </SignedIn>
      <SignIn automaticRedirect={automaticRedirect} extraInfo="Signing in here uses the same session as every tab." />
      <SignedIn>
        <AccountSettings />
      </SignedIn>
    </StackTheme>
  );
}
