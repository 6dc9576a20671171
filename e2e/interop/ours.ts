// authworker's client in cookie mode, on the same host as the page of main.ts (the published client), so
// both share one cookie jar. Driven by e2e/cookie-interop.spec.ts where the demo cannot go (https).
import { StackClientApp } from '../../runtime/client/index.ts';

const params = new URLSearchParams(location.search);
const app = new StackClientApp({
  tokenStore: 'cookie',
  baseUrl: params.get('api') ?? '',
  projectId: params.get('project') ?? '',
  publishableClientKey: params.get('key') ?? '',
  redirectMethod: 'none',
});

(window as unknown as { ours: unknown }).ours = {
  async email(): Promise<string | null> {
    return (await app.getUser())?.primaryEmail ?? null;
  },
  async signUp(email: string, password: string): Promise<string> {
    const result = await app.signUpWithCredential({ email, password, noRedirect: true });
    return result.status === 'ok' ? 'ok' : result.error.message;
  },
  async signOut(): Promise<void> {
    await app.signOut();
  },
};
document.body.dataset.ready = 'true';
