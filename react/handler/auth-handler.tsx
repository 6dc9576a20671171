import { lazy, Suspense, useState, type ComponentType } from 'react';
import { handlerRouteForPath, type HandlerRoute } from '../../runtime/flows/handler-urls.ts';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { ComponentStyles } from '../components/frame.tsx';
import { LoadingNotice } from '../components/waiting.tsx';
import { useStackApp } from '../hooks.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { appPageRedirectTarget } from './app-page-redirect.ts';
import { AppPageRedirect } from './app-page-redirect-view.tsx';

type PageModule = Promise<{ default: ComponentType }>;

// Pages not built yet are absent: the handler shows "not found" for them.
const LOADERS: Partial<Record<HandlerRoute, () => PageModule>> = {
  signIn: () => import('./pages/sign-in.tsx'),
  signUp: () => import('./pages/sign-up.tsx'),
  signOut: () => import('./pages/sign-out.tsx'),
  magicLinkCallback: () => import('./pages/magic-link-callback.tsx'),
  oauthCallback: () => import('./pages/oauth-callback.tsx'),
  forgotPassword: () => import('./pages/forgot-password.tsx'),
  passwordReset: () => import('./pages/password-reset.tsx'),
  emailVerification: () => import('./pages/email-verification.tsx'),
  accountSettings: () => import('./pages/account-settings.tsx'),
  error: () => import('./pages/error.tsx'),
  teamInvitation: () => import('./pages/team-invitation.tsx'),
};

type Pages = Partial<Record<HandlerRoute, ComponentType>>;

const lazyPages = (): Pages => Object.fromEntries(Object.entries(LOADERS).map(([route, load]) => [route, lazy(load)]));

// Loaded once per page load; "Try again" after a failed load makes new ones (React keeps a lazy's failure).
const PAGES = lazyPages();

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
  const [reloaded, setReloaded] = useState<Pages | null>(null);
  const here = typeof location === 'undefined' ? null : new URL(location.href);
  const path = pathname ?? here?.pathname ?? '';
  const route = handlerRouteForPath(app.urls.handler, path);
  const target = route && here && appPageRedirectTarget(app.urls, route, here);
  if (target) return <AppPageRedirect target={target} />;
  const Page = route ? (pages?.[route] ?? (reloaded ?? PAGES)[route]) : undefined;
  return (
    <>
      <ComponentStyles />
      {Page ? (
        <ErrorBoundary key={route} fullPage onRetry={() => setReloaded(lazyPages())}>
          <Suspense fallback={<LoadingNotice />}>
            <Page />
          </Suspense>
        </ErrorBoundary>
      ) : (
        <NotFound path={path} />
      )}
    </>
  );
}

function NotFound({ path }: { path: string }) {
  const t = useTranslation();
  return (
    <div className="aw-page aw-card aw-full-page">
      <h1>{t('Page not found')}</h1>
      <p>{t('There is no handler page at {path}.', { path })}</p>
    </div>
  );
}

// What lazy-auth-handler.tsx loads.
export default AuthHandler;
