import { lazy, Suspense, useContext, useState, type ComponentType } from 'react';
import { handlerRouteForPath, type HandlerRoute } from '../../runtime/flows/handler-urls.ts';
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { ComponentStyles } from '../components/frame.tsx';
import { ThemeContext } from '../components/stack-theme.tsx';
import { LoadingNotice } from '../components/waiting.tsx';
import { useStackApp } from '../hooks.ts';
import { refuseUnsupportedProps, type Unsupported } from '../components/unsupported-props.ts';
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

type ComponentPropsMessage = 'authworker: StackHandler does not take componentProps; render your own component with its props through `pages`';

/** The official handler's props that are no longer needed (deprecated there too): taken, and nothing reads them. */
interface DeprecatedHandlerProps {
  /** @deprecated The provider gives the app; as in the official SDK, this prop is not needed. */
  app?: unknown;
  /** @deprecated Not needed (the official SDK's Next.js route props). */
  routeProps?: unknown;
  /** @deprecated Not needed: the handler reads the path from `location`. */
  params?: unknown;
  /** @deprecated Not needed: the pages read the query from the URL. */
  searchParams?: unknown;
}

export interface AuthHandlerProps extends DeprecatedHandlerProps {
  /** The current pathname; defaults to `location.pathname`. Pass your router's to re-render on navigation. */
  location?: string;
  /** Your own components for some pages, rendered at the built-in paths instead of the built-in pages. */
  pages?: Partial<Record<HandlerRoute, ComponentType>>;
  /**
   * The pages fill the window, their card in its middle (the default, as `fullPage` in the official SDK); `false`
   * renders the card where the handler sits in your layout.
   */
  fullPage?: boolean;
  /** Refused: the built-in pages take no props; give `pages` your own component instead. */
  componentProps?: Unsupported<ComponentPropsMessage>;
}

/**
 * Renders the handler page for the current path under the app's handler base path. A page whose URL the
 * app points elsewhere (`urls: { signIn: '/my-sign-in' }`) is not rendered: the user is sent there.
 */
export function AuthHandler(props: AuthHandlerProps) {
  refuseUnsupportedProps('StackHandler', props, ['componentProps'], 'the built-in pages take no props; give `pages` your own component instead.');
  const { location: pathname, pages, fullPage = true } = props;
  const app = useStackApp();
  const [reloaded, setReloaded] = useState<Pages | null>(null);
  const here = typeof location === 'undefined' ? null : new URL(location.href);
  const path = pathname ?? here?.pathname ?? '';
  const route = handlerRouteForPath(app.urls.handler, path);
  const target = route && here && appPageRedirectTarget(app.urls, route, here);
  if (target) return <AppPageRedirect target={target} />;
  const Page = route ? (pages?.[route] ?? (reloaded ?? PAGES)[route]) : undefined;
  return (
    <div className={fullPage ? 'aw-handler' : 'aw-handler aw-handler-embedded'}>
      <ComponentStyles />
      <HandlerStyles />
      {Page ? (
        <ErrorBoundary key={route} fullPage onRetry={() => setReloaded(lazyPages())}>
          <Suspense fallback={<LoadingNotice />}>
            <Page />
          </Suspense>
        </ErrorBoundary>
      ) : (
        <NotFound path={path} />
      )}
    </div>
  );
}

// Embedded, the page's card sits where the handler is, at the width of the layout around it.
const HANDLER_CSS = '.aw-handler-embedded .aw-full-page{margin:0;max-width:none}';

function HandlerStyles() {
  return (
    <style href="authworker-handler" precedence="authworker" nonce={useContext(ThemeContext)?.nonce}>
      {HANDLER_CSS}
    </style>
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
