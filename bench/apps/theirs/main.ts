// Minimal app on the published @stackframe/js: the user's e-mail or a sign-in form.
import { StackClientApp } from '@stackframe/js';
import { renderUser, type BenchConfig } from '../shared-view.ts';

declare const __BENCH__: BenchConfig;

const app = new StackClientApp({
  projectId: __BENCH__.projectId,
  publishableClientKey: __BENCH__.publishableClientKey,
  baseUrl: __BENCH__.apiUrl,
  // Cookies: the session survives reloads (cold start) and is shared by tabs (storm, sign-out), like ours.
  tokenStore: 'cookie',
  redirectMethod: 'none',
  analytics: { enabled: false },
  devTool: false,
});
const root = document.getElementById('root') as HTMLElement;
async function signIn(email: string, password: string): Promise<string> {
  const result = await app.signInWithCredential({ email, password, noRedirect: true });
  await show();
  return result.status;
}
const form = { onSubmit: async (email: string, password: string) => void (await signIn(email, password)) };

async function show(): Promise<void> {
  const user = await app.getUser();
  renderUser(root, user?.primaryEmail ?? null, form, user?.displayName ?? null);
}

/**
 * @stackframe/js has no public session-change event (its React package re-renders from the cookie
 * store's own 100 ms poll). The cross-tab benchmark turns this on: it reads the token store
 * (no request) every 16 ms and re-renders from the token's claims when the session changes.
 */
function followSession(): void {
  setInterval(() => {
    void app.getPartialUser({ from: 'token' }).then((user) => renderUser(root, user?.primaryEmail ?? null, form, user?.displayName ?? null));
  }, 16);
}

void show();
Object.assign(window, { benchApp: app, benchClient: 'theirs', benchSignIn: signIn, benchFollowSession: followSession });
