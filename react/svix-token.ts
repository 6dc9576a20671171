// The Svix token of each admin app, asked once and shared by useSvixToken and the Svix hooks.
import type { StackAdminApp } from '../runtime/admin/admin-app.ts';

const svixTokens = new WeakMap<StackAdminApp, Promise<string>>();

export function svixTokenOf(app: StackAdminApp): Promise<string> {
  let token = svixTokens.get(app);
  if (token === undefined) {
    token = app.getSvixToken();
    const cached = token;
    // A failed request is not cached: the next render (say, after an error boundary resets) asks again.
    cached.catch(() => forgetSvixToken(app, cached));
    svixTokens.set(app, cached);
  }
  return token;
}

/** Drops the app's token (the Svix server refused it), unless a newer one replaced it already. */
export function forgetSvixToken(app: StackAdminApp, token: Promise<string> | undefined = svixTokens.get(app)): void {
  if (svixTokens.get(app) === token) svixTokens.delete(app);
}
