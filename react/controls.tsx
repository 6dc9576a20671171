import type { ReactNode } from 'react';
import { useSession } from './hooks.ts';

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
