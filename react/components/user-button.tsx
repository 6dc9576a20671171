import { useRef, useState, type ReactNode } from 'react';
import { useSession, useStackApp, useUserState } from '../hooks.ts';

/** An item of the app's own in the menu, after "Account settings". */
export interface UserButtonItem {
  text: string;
  icon: ReactNode;
  onClick: () => void | Promise<void>;
}

/** The official `UserButton`'s props. */
export interface UserButtonProps {
  /** The name and e-mail beside the avatar on the button too (the menu always shows them on top). */
  showUserInfo?: boolean;
  /** Adds "Toggle theme" to the menu, which calls this (your app switches its light and dark colours). */
  colorModeToggle?: () => void | Promise<void>;
  extraItems?: UserButtonItem[];
  /** A preview: this user's button and menu, whatever the session (the menu's items do nothing). */
  mockUser?: { displayName?: string; primaryEmail?: string; profileImageUrl?: string };
}

/** The official `UserButton`: the account menu (see lazy.tsx for its docs). */
export function UserButton(_props: UserButtonProps) {
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
