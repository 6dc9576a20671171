import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { handlerRouteForPath, type HandlerRoute } from '../../runtime/flows/handler-urls.ts';
import { useStackApp } from '../hooks.ts';
import { appPageRedirectTarget } from './app-page-redirect.ts';
import { HANDLER_CSS } from './styles.ts';
import { errorText, isUnreachable } from '../error-text.ts';
import { LoadingNotice, RetryingWhileUnreachable } from './waiting.tsx';

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
  if (target) {
    // A full page load, like the official SDK's handler: it works whatever router the app's page uses.
    location.replace(target);
    return null;
  }
  const Page = route ? (pages?.[route] ?? (reloaded ?? PAGES)[route]) : undefined;
  return (
    <>
      <style>{HANDLER_CSS}</style>
      {Page ? (
        <PageErrorBoundary key={route} onRetry={() => setReloaded(lazyPages())}>
          <Suspense fallback={<LoadingNotice />}>
            <Page />
          </Suspense>
        </PageErrorBoundary>
      ) : (
        <div className="aw-page">
          <h1>Page not found</h1>
          <p>There is no handler page at {path}.</p>
        </div>
      )}
    </>
  );
}

/**
 * A page that fails to render (its code did not load, the project could not be read) shows the error in
 * place of the page, in words for people, with a retry, instead of unmounting the app. Out of reach (offline,
 * server down) it keeps retrying on its own.
 */
export class PageErrorBoundary extends Component<{ onRetry?: () => void; children?: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (isUnreachable(error)) return <RetryingWhileUnreachable error={error} retry={this.retry} />;
    return (
      <div className="aw-page">
        <h1>Something went wrong</h1>
        <p className="aw-error" role="alert">
          {errorText(error)}
        </p>
        <button className="aw-button" type="button" onClick={this.retry}>
          Try again
        </button>
      </div>
    );
  }
}

// What lazy-auth-handler.tsx loads.
export default AuthHandler;
