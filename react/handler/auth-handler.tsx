import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { handlerRouteForPath, type HandlerRoute } from '../../runtime/flows/handler-urls.ts';
import { useStackApp } from '../hooks.ts';
import { appPageRedirectTarget } from './app-page-redirect.ts';
import { HANDLER_CSS } from './styles.ts';

// Pages not built yet are absent: the handler shows "not found" for them.
const PAGES: Partial<Record<HandlerRoute, LazyExoticComponent<ComponentType>>> = {
  signIn: lazy(() => import('./pages/sign-in.tsx')),
  signUp: lazy(() => import('./pages/sign-up.tsx')),
  signOut: lazy(() => import('./pages/sign-out.tsx')),
  magicLinkCallback: lazy(() => import('./pages/magic-link-callback.tsx')),
  oauthCallback: lazy(() => import('./pages/oauth-callback.tsx')),
  forgotPassword: lazy(() => import('./pages/forgot-password.tsx')),
  passwordReset: lazy(() => import('./pages/password-reset.tsx')),
  emailVerification: lazy(() => import('./pages/email-verification.tsx')),
  accountSettings: lazy(() => import('./pages/account-settings.tsx')),
  error: lazy(() => import('./pages/error.tsx')),
  teamInvitation: lazy(() => import('./pages/team-invitation.tsx')),
};

export interface AuthHandlerProps {
  /** The current pathname; defaults to `location.pathname`. Pass your router's to re-render on navigation. */
  location?: string;
  /** Your own components for some pages, rendered at the built-in paths instead of the built-in pages. */
  pages?: Partial<Record<HandlerRoute, ComponentType>>;
}

/**
 * Renders the handler page for the current path under the app's handler base path. A page whose URL the
 * app points elsewhere (`urls: { signIn: '/my-sign-in' }`) is not rendered: the user is sent there.
 */
export function AuthHandler({ location: pathname, pages }: AuthHandlerProps) {
  const app = useStackApp();
  const here = typeof location === 'undefined' ? null : new URL(location.href);
  const path = pathname ?? here?.pathname ?? '';
  const route = handlerRouteForPath(app.urls.handler, path);
  const target = route && here && appPageRedirectTarget(app.urls, route, here);
  if (target) {
    // A full page load, like the official SDK's handler: it works whatever router the app's page uses.
    location.replace(target);
    return null;
  }
  const Page = route ? (pages?.[route] ?? PAGES[route]) : undefined;
  return (
    <>
      <style>{HANDLER_CSS}</style>
      {Page ? (
        <Suspense fallback={<div className="aw-page" aria-busy="true" />}>
          <Page />
        </Suspense>
      ) : (
        <div className="aw-page">
          <h1>Page not found</h1>
          <p>There is no handler page at {path}.</p>
        </div>
      )}
    </>
  );
}

/** The official SDK's name for the handler component. */
export const StackHandler = AuthHandler;
