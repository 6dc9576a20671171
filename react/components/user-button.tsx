import { useRef, useState } from 'react';
import { useSession, useStackApp, useUserState } from '../hooks.ts';

/** The official `UserButton`: the account menu (see lazy.tsx for its docs). */
export function UserButton() {
  const app = useStackApp();
  const { user } = useUserState();
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (session.status !== 'signed-in') {
    return session.status === 'signed-out' ? <a href={app.urls.signIn}>Sign in</a> : null;
  }
  const label = user?.displayName ?? user?.primaryEmail ?? 'Account';
  return (
    <span
      className="aw-user-button"
      style={{ position: 'relative' }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button ref={button} type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {label}
      </button>
      {open && (
        <span style={{ position: 'absolute', right: 0, display: 'grid', background: 'var(--aw-bg,#fff)', border: '1px solid var(--aw-border,#e5e7eb)', padding: '.25rem' }}>
          <a href={app.urls.accountSettings}>Account settings</a>
          <button
            type="button"
            onClick={() => {
              setFailed(false);
              // Shown, not swallowed: the session could not be ended here, or the page to go to next is not trusted.
              app.signOut().catch((error: unknown) => {
                console.error('[authworker] sign-out failed', error);
                setFailed(true);
              });
            }}
          >
            Sign out
          </button>
          {failed && <span role="alert">Signing out did not finish. Please try again.</span>}
        </span>
      )}
    </span>
  );
}
