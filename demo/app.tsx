import { lazy, Suspense, type MouseEvent, type ReactNode } from 'react';
import { AuthDevtools, AuthHandler, SignedIn, SignedOut, useContactChannels, UserButton, useSession, useStackApp, useUser, useUserState } from '../react/index.ts';
import { exposeDevtools, SessionInspector } from './inspector.tsx';
import { navigate, usePathname } from './router.ts';
import { TeamsPage } from './teams.tsx';

// The admin layer is only downloaded by visitors of /admin.
const AdminPage = lazy(() => import('./admin.tsx').then((module) => ({ default: module.AdminPage })));
const GalleryPage = lazy(() => import('./gallery-page.tsx').then((module) => ({ default: module.GalleryPage })));
const ComponentsPage = lazy(() => import('./components-page.tsx').then((module) => ({ default: module.ComponentsPage })));

function Link({ to, children }: { to: string; children: ReactNode }) {
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    navigate(to);
  };
  return (
    <a href={to} onClick={onClick}>
      {children}
    </a>
  );
}

function Home() {
  const { status, user, error, cached } = useUserState();
  const session = useSession();
  const app = useStackApp();
  if (status === 'loading') return <p aria-busy="true">Loading…</p>;
  // A stored user the API could not confirm is not shown as if it were current.
  if ((!user || cached) && error && session.status === 'signed-in') {
    return (
      <p role="alert" data-testid="user-error">
        Your account could not be loaded: {error.message}{' '}
        <button type="button" onClick={() => void app.userCache.reload()}>
          Try again
        </button>
      </p>
    );
  }
  if (!user) {
    return (
      <p data-testid="signed-out">
        You are signed out. <Link to={app.urls.signIn}>Sign in</Link> or <Link to={app.urls.signUp}>create an account</Link>.
      </p>
    );
  }
  return (
    <div>
      <p data-testid="signed-in">
        Signed in as <strong data-testid="user-email">{user.primaryEmail}</strong>
      </p>
      <button type="button" onClick={() => void app.signOut()}>
        Sign out
      </button>
    </div>
  );
}

function Protected() {
  const user = useUser({ or: 'redirect' });
  return (
    <>
      <p data-testid="protected">Protected content for {user.primaryEmail}</p>
      <Suspense fallback={<p aria-busy="true">Loading your e-mail addresses…</p>}>
        <EmailAddresses />
      </Suspense>
    </>
  );
}

function EmailAddresses() {
  const channels = useContactChannels();
  return (
    <ul aria-label="Your e-mail addresses" data-testid="contact-channels">
      {channels.map((channel) => (
        <li key={channel.id}>
          {channel.value} {channel.isVerified ? '(verified)' : '(not verified)'}
        </li>
      ))}
    </ul>
  );
}

function SessionBadge() {
  const session = useSession();
  return (
    <span data-testid="session-status" aria-live="polite">
      {session.status}
      {session.network !== 'online' ? ` (${session.network})` : ''}
    </span>
  );
}

export function App() {
  const pathname = usePathname();
  const app = useStackApp();
  let page: ReactNode;
  if (pathname.startsWith(`${app.urls.handler}/`)) page = <AuthHandler location={pathname} />;
  else if (pathname === '/protected') page = <Protected />;
  else if (pathname === '/inspector') page = <SessionInspector />;
  else if (pathname === '/teams') page = <TeamsPage />;
  else if (pathname === '/admin') page = <AdminPage />;
  else if (pathname === '/components') page = <ComponentsPage />;
  else if (pathname === '/gallery') page = <GalleryPage />;
  else page = <Home />;
  return (
    <>
      <header style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem 1rem', padding: '0.75rem 1rem', borderBottom: '1px solid #e5e7eb', fontFamily: 'system-ui' }}>
        <strong>authworker demo</strong>
        <nav style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1rem' }}>
          <Link to="/">Home</Link>
          <Link to="/protected">Protected page</Link>
          <Link to="/teams">Teams</Link>
          <Link to="/components">Components</Link>
          <Link to="/handler/account-settings">Account</Link>
          <Link to="/inspector">Session inspector</Link>
          <Link to="/admin">Project admin</Link>
        </nav>
        <span style={{ marginLeft: 'auto', display: 'flex', flexWrap: 'wrap', gap: '0.5rem 1rem' }}>
          <span>
            session: <SessionBadge />
          </span>
          <SignedIn>
            <span data-testid="header-signed-in" style={{ display: 'flex', gap: '.5rem', alignItems: 'center' }}>
              <UserButton showUserInfo />
            </span>
          </SignedIn>
          <SignedOut>
            <span data-testid="header-signed-out">
              <Link to={app.urls.signIn}>Sign in</Link>
            </span>
          </SignedOut>
        </span>
      </header>
      <main style={{ padding: '1rem', fontFamily: 'system-ui' }}>
        <Suspense fallback={<p aria-busy="true">Loading…</p>}>{page}</Suspense>
      </main>
      {/* The worker's view of the session, the tabs and the requests, with fault controls (issue 34). */}
      <AuthDevtools onReady={exposeDevtools} />
    </>
  );
}
