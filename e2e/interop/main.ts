// The published @stackframe/js with its cookie store, on another port of the demo's host: cookies
// ignore ports, so it shares the demo's cookies. Driven by e2e/cookie-interop.spec.ts.
import { StackClientApp } from '@stackframe/js';

const params = new URLSearchParams(location.search);
const app = new StackClientApp({
  tokenStore: 'cookie',
  baseUrl: params.get('api') ?? '',
  projectId: params.get('project') ?? '',
  publishableClientKey: params.get('key') ?? '',
  analytics: { enabled: false },
  redirectMethod: 'none',
});

(window as unknown as { official: unknown }).official = {
  async email(): Promise<string | null> {
    return (await app.getUser())?.primaryEmail ?? null;
  },
  async signIn(email: string, password: string): Promise<string> {
    const result = await app.signInWithCredential({ email, password, noRedirect: true });
    return result.status === 'ok' ? 'ok' : result.error.message;
  },
};
document.body.dataset.ready = 'true';
