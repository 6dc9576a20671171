// Shared by the client integration test files: the file's in-process emulator, StackClientApps on its fetch,
// and the user's part of an OAuth sign-in at the emulator's consent page.
import { TEST_ORIGIN } from '../../emulator/emulator.ts';
import { CookieJar, emulatorRequest } from '../../emulator/oauth.ts';
import { DEMO_PROJECT } from '../../../emulator/domain/seed.ts';
import { emulatorKit } from '../admin-integration.ts';
import { StackClientApp, type StackClientAppOptions } from '../../../runtime/client/app/client-app.ts';

/** Starts an emulator for the calling test file (before/after all) and returns client apps bound to it. */
export function emulatorClientKit() {
  const { emu: emulator } = emulatorKit();
  // Reads `app.fetch` on every call, so a test can spy on it.
  const emulatorFetch: typeof fetch = (input, init) => Promise.resolve(emulator().app.fetch(new Request(input, init)));

  /** A page-hosted app of the demo project (memory tokens, no prefetch) on the emulator; `options` override any of it. */
  const clientApp = (options: Partial<StackClientAppOptions> = {}): StackClientApp =>
    new StackClientApp({
      projectId: DEMO_PROJECT.id,
      publishableClientKey: DEMO_PROJECT.publishableClientKey,
      baseUrl: TEST_ORIGIN,
      tokenStore: 'memory',
      noAutomaticPrefetch: true,
      fetch: emulatorFetch,
      ...options,
    });

  /** The user at the provider allows `identity` on the emulator's consent page: each hop's response, and where the browser lands. */
  const allowAtConsentPage = async (authorizeUrl: string, identity: Record<string, string>) => {
    const jar = new CookieJar();
    const authorize = await emulatorRequest(emulator(), authorizeUrl, jar);
    const consentUrl = authorize.headers.get('location') ?? '';
    const innerState = new URL(consentUrl).searchParams.get('state') ?? '';
    const posted = await emulatorRequest(emulator(), consentUrl, jar, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state: innerState, action: 'allow', ...identity }).toString(),
    });
    const callback = await emulatorRequest(emulator(), posted.headers.get('location') ?? '', jar);
    return { authorize, callback, landing: callback.headers.get('location') ?? '' };
  };

  return { emulator, clientApp, allowAtConsentPage };
}
