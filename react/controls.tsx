import { useRef, useState, type ReactNode } from 'react';
import { useSession, useStackApp, useUserState } from './hooks.ts';

/**
 * Renders its children only while someone is signed in (nothing while the session loads).
 * @example
 * ```tsx
 * import { SignedIn, UserButton } from 'authworker/react';
 * return (
 *   <SignedIn>
 *     <UserButton />
 *   </SignedIn>
 * );
 * ```
 */
export function SignedIn({ children }: { children?: ReactNode }) {
  return useSession().status === 'signed-in' ? children : null;
}

/**
 * Renders its children only while nobody is signed in.
 * @example
 * ```tsx
 * import { SignedOut } from 'authworker/react';
 * return (
 *   <SignedOut>
 *     <a href={app.urls.signIn}>Sign in</a>
 *   </SignedOut>
 * );
 * ```
 */
export function SignedOut({ children }: { children?: ReactNode }) {
  return useSession().status === 'signed-out' ? children : null;
}

/**
 * A small account menu, built as a disclosure: the button (Enter or Space) shows and hides account
 * settings and sign-out, which follow it in the tab order; Escape closes it and returns to the button.
 * A sign-in link when signed out.
 * @example
 * ```tsx
 * import { UserButton } from 'authworker/react';
 * return (
 *   <header>
 *     <UserButton />
 *   </header>
 * );
 * ```
 */
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
