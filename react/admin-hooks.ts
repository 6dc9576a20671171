// React hooks for the admin app ('authworker/react/admin'): a module of their own, so that neither 'authworker/admin'
// nor 'authworker/react' (the page's size budget) pulls the other in.

import { use } from 'react';
import type { StackAdminApp } from '../runtime/admin/admin-app.ts';

/**
 * The token that opens the Svix webhook portal of the admin app's project
 * (`POST /webhooks/svix-token`). Suspends until it arrives; errors go to the nearest error boundary.
 *
 * The official SDK has this as a method, `adminApp.useSvixToken()`. Here it is a hook that takes the
 * app, so the admin app itself stays free of React; without React, call `adminApp.getSvixToken()`.
 * The token is fetched once per app and shared by every component and the Svix hooks.
 *
 * @example
 * ```tsx
 * import { useSvixToken } from 'authworker/react/admin';
 * const token = useSvixToken(admin);
 * return <p>Svix token: {token.slice(0, 6)}…</p>;
 * ```
 */
export function useSvixToken(app: StackAdminApp): string {
  return use(app.svix.token());
}

export { refreshSvixLists, useEndpointMessageAttempts, useEndpoints, useSvix, type SvixListState, type UseSvixOptions } from './svix-hooks.ts';
