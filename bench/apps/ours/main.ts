// Minimal app on authworker: a service-worker session, the user's e-mail or a sign-in form.
import { StackClientApp } from '../../../runtime/client/index.ts';
import { renderUser, type BenchConfig } from '../shared-view.ts';

declare const __BENCH__: BenchConfig;

const app = new StackClientApp({ ...__BENCH__, baseUrl: __BENCH__.apiUrl, redirectMethod: 'none' });
const root = document.getElementById('root') as HTMLElement;
const form = { onSubmit: async (email: string, password: string) => void (await app.signInWithCredential({ email, password, noRedirect: true })) };

// The store the React hooks read: it follows the worker's broadcasts.
app.userCache.subscribe(() => {
  const snapshot = app.userCache.getSnapshot();
  if (snapshot.status === 'ready') renderUser(root, snapshot.user?.primaryEmail ?? null, form, snapshot.user?.displayName ?? null);
});

// Handles for the benchmark driver.
const benchSignIn = async (email: string, password: string) => (await app.signInWithCredential({ email, password, noRedirect: true })).status;
Object.assign(window, { benchApp: app, benchClient: 'ours', benchSignIn });
