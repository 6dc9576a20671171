import { Suspense } from 'react';
import { AccountSettings, SelectedTeamSwitcher, SignIn, StackProvider, StackTheme, UserAvatar, UserButton, useUser } from '@stackframe/react';
import { stackClientApp } from './stack';

function Header() {
  const user = useUser();
  if (!user) return null;
  return (
    <header style={{ display: 'flex', gap: '1rem', alignItems: 'center' }}>
      <UserAvatar user={user} />
      <SelectedTeamSwitcher />
      <UserButton />
    </header>
  );
}

function Content() {
  const user = useUser();
  return user ? <AccountSettings /> : <SignIn />;
}

export function App() {
  return (
    <StackProvider app={stackClientApp}>
      <StackTheme theme={{ light: { primary: 'rgb(190, 18, 60)', primaryForeground: '#fff' } }}>
        <Suspense fallback={<p>Loading…</p>}>
          <Header />
          <main>
            <Content />
          </main>
        </Suspense>
      </StackTheme>
    </StackProvider>
  );
}
