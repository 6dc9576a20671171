import { useEffect, useState, type ReactNode } from 'react';
import type { StackClientApp } from '../runtime/client/client-app.ts';
import { AppContext } from './context.ts';

export interface AuthProviderProps {
  app: StackClientApp;
  /**
   * Asks for the TOTP code when a sign-in needs the second factor: by default our dialog (its code loads
   * with the first such sign-in); or your own callback; `false` keeps the app's `onTotpRequired` (or the
   * browser's prompt).
   */
  totpPrompt?: (() => Promise<string | null>) | false;
  children?: ReactNode;
}

/**
 * Makes the app available to the hooks and handler pages below it, and asks for TOTP codes in a dialog.
 * @example
 * ```tsx
 * import { Suspense } from 'react';
 * import { AuthProvider, useUser } from 'authworker/react';
 * function Greeting() {
 *   return <p>Hello, {useUser()?.displayName ?? 'stranger'}</p>;
 * }
 * return (
 *   <AuthProvider app={app}>
 *     <Suspense fallback={<p>Loading…</p>}>
 *       <Greeting />
 *     </Suspense>
 *   </AuthProvider>
 * );
 * ```
 */
export function AuthProvider({ app, totpPrompt, children }: AuthProviderProps) {
  const [dialog, setDialog] = useState<ReactNode>();
  // The dialog's code loads with the first sign-in that needs it; the cleanup puts the replaced prompt back.
  useEffect(() => {
    // What the dialog remembers between asks lives with the prompt installed here: none is kept in a module.
    const state = {};
    return totpPrompt === false ? undefined : app.setTotpPrompt(totpPrompt || (() => import('./totp-dialog.tsx').then((module) => module.askForTotp(app, setDialog, state))));
  }, [app, totpPrompt]);
  return (
    <AppContext.Provider value={app}>
      {children}
      {dialog}
    </AppContext.Provider>
  );
}

/** The official SDK's name for the provider. */
export const StackProvider = AuthProvider;
