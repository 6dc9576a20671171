// React hooks for the admin app ('authworker/react/admin'): a module of their own, so that neither 'authworker/admin'
// nor 'authworker/react' (the page's size budget) pulls the other in.

import { use } from 'react';
import type { StackAdminApp } from '../runtime/admin/admin-app.ts';

/** One token request per app, shared by every component that asks. */
const svixTokens = new WeakMap<StackAdminApp, Promise<string>>();

function svixTokenOf(app: StackAdminApp): Promise<string> {
  let token = svixTokens.get(app);
  if (token === undefined) {
    token = app.getSvixToken();
    const cached = token;
    // A failed request is not cached: the next render (say, after an error boundary resets) asks again.
    cached.catch(() => {
      if (svixTokens.get(app) === cached) svixTokens.delete(app);
    });
    svixTokens.set(app, cached);
  }
  return token;
}

/**
 * The token that opens the Svix webhook portal of the admin app's project (protocol.md §13.4,
 * `POST /webhooks/svix-token`). Suspends until it arrives; errors go to the nearest error boundary.
 *
 * The official SDK has this as a method, `adminApp.useSvixToken()`. Here it is a hook that takes the
 * app, so the admin app itself stays free of React; without React, call `adminApp.getSvixToken()`.
 * The token is fetched once per app and shared by every component.
 */
export function useSvixToken(app: StackAdminApp): string {
  return use(svixTokenOf(app));
}
