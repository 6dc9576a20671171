import { useState, type ReactNode } from 'react';
import { useSession, useStackApp, useUserState } from './hooks.ts';

/** Renders its children only while someone is signed in (nothing while the session loads). */
export function SignedIn({ children }: { children?: ReactNode }) {
  return useSession().status === 'signed-in' ? <>{children}</> : null;
}

/** Renders its children only while nobody is signed in. */
export function SignedOut({ children }: { children?: ReactNode }) {
  return useSession().status === 'signed-out' ? <>{children}</> : null;
}

/** A small account menu: the user's name, account settings and sign-out; a sign-in link when signed out. */
export function UserButton() {
  const app = useStackApp();
  const { user } = useUserState();
  const session = useSession();
  const [open, setOpen] = useState(false);
  if (session.status !== 'signed-in') {
    return session.status === 'signed-out' ? <a href={app.urls.signIn}>Sign in</a> : null;
  }
  const label = user?.displayName ?? user?.primaryEmail ?? 'Account';
  return (
    <span className="aw-user-button" style={{ position: 'relative' }}>
      <button type="button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
        {label}
      </button>
      {open && (
        <span role="menu" style={{ position: 'absolute', right: 0, display: 'grid', background: 'var(--aw-bg, #fff)', border: '1px solid #e5e7eb', padding: '0.25rem' }}>
          <a role="menuitem" href={app.urls.accountSettings}>
            Account settings
          </a>
          <button role="menuitem" type="button" onClick={() => void app.signOut()}>
            Sign out
          </button>
        </span>
      )}
    </span>
  );
}
