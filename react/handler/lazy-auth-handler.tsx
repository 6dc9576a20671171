import { lazy, Suspense } from 'react';
import type { AuthHandlerProps } from './auth-handler.tsx';

// The handler (its router and styles) loads with the first handler page shown: apps pay for it only there. Its
// fallback has no words: they would need the catalogue in the page's initial bundle, and the handler's own
// loading state ("Loading…", in the provider's language) shows as soon as its code is there.
const Handler = lazy(() => import('./auth-handler.tsx'));

/**
 * Renders the handler page for the current path under the app's handler base path (see auth-handler.tsx).
 * @example
 * ```tsx
 * import { AuthHandler } from 'authworker/react';
 * // Rendered for every path under app.urls.handler ('/handler' by default).
 * const isHandler = location.pathname.startsWith(`${app.urls.handler}/`);
 * return isHandler ? <AuthHandler /> : null;
 * ```
 */
export function AuthHandler(props: AuthHandlerProps) {
  return (
    <Suspense fallback={<div className="aw-page" aria-busy="true" />}>
      <Handler {...props} />
    </Suspense>
  );
}

/** The official SDK's name for the handler component. */
export const StackHandler = AuthHandler;
