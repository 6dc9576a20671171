import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { StackClientApp } from '../runtime/client/app/client-app.ts';
import { ROUTER_NAVIGATION } from '../runtime/client/app/redirect-method.ts';
import { AppContext } from './context.ts';
import { LanguageContext } from './i18n/language.ts';
import { SetupErrorBoundary } from './setup-error-boundary.tsx';

// Only an app that gives `redirectMethod: { useNavigate }` loads it; until it has, a redirect is a full page load.
const RouterNavigation = lazy(() => import('./router-navigation.tsx'));
import type { Locale } from './i18n/locales.ts';

export interface AuthProviderProps {
  app: StackClientApp;
  /**
   * Asks for the TOTP code when a sign-in needs the second factor: by default our dialog (its code loads
   * with the first such sign-in); or your own callback; `false` keeps the app's `onTotpRequired` (or the
   * browser's prompt).
   */
  totpPrompt?: (() => Promise<string | null>) | false;
  /**
   * The language of the components (the official twelve); an unknown one is `en-US`, with one console warning.
   * `es-419` (which the official SDK added in 2.8) is taken and is not translated yet: it is one of those.
   */
  lang?: Locale | 'es-419' | undefined;
  /** Words of your own, keyed by the English text of the catalogue (`{ 'Sign in': 'Log in' }`), in any language. */
  translationOverrides?: Record<string, string> | undefined;
  children?: ReactNode;
}


/**
 * Makes the app available to the hooks and handler pages below it, and asks for TOTP codes in a dialog. A setup
 * mistake (a `StackSetupError`) thrown below it shows as a panel in place of the app, not a blank page.
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
export function AuthProvider({ app, totpPrompt, lang, translationOverrides, children }: AuthProviderProps) {
  const [dialog, setDialog] = useState<ReactNode>();
  // The dialog's code loads with the first sign-in that needs it; the cleanup puts the replaced prompt back.
  useEffect(() => {
    // What the dialog remembers between asks lives with the prompt installed here: none is kept in a module.
    const state = {};
    return totpPrompt === false ? undefined : app.setTotpPrompt(totpPrompt || (() => import('./totp-dialog.tsx').then((module) => module.askForTotp(app, setDialog, state))));
  }, [app, totpPrompt]);
  // The overrides are compared by content: an object literal written in the app's render is new each time.
  const overrides = JSON.stringify(translationOverrides ?? {});
  const language = useMemo(() => ({ lang, overrides: JSON.parse(overrides) as Record<string, string> }), [lang, overrides]);
  // Test doubles of the app may have no router slot.
  const router = (app as Partial<Pick<StackClientApp, typeof ROUTER_NAVIGATION>>)[ROUTER_NAVIGATION];
  return (
    <AppContext.Provider value={app}>
      {router?.useNavigate && (
        <Suspense>
          <RouterNavigation slot={router} useNavigate={router.useNavigate} />
        </Suspense>
      )}
      <LanguageContext.Provider value={language}>
        <SetupErrorBoundary>{children}</SetupErrorBoundary>
        {dialog}
      </LanguageContext.Provider>
    </AppContext.Provider>
  );
}

/** The official SDK's name for the provider. */
export const StackProvider = AuthProvider;
