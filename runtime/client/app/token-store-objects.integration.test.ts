// The SDK's token-object and request token stores for server-side use (issue 22,
// item 8): a StackClientApp that starts with a session it was handed, against the in-process emulator.
import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../../../testing/emulator/emulator.ts';
import { DEMO_PROJECT } from '../../../emulator/domain/seed.ts';
import { StackServerApp } from '../../server/server-app.ts';
import { NotImplementedError } from './client-app.ts';
import { emulatorClientKit } from '../../../testing/runtime/client/emulator-client.ts';

const { emulator, clientApp } = emulatorClientKit();

async function serverSession() {
  const fetch: typeof globalThis.fetch = (input, init) => Promise.resolve(emulator().app.fetch(new Request(input, init)));
  const server = new StackServerApp({ projectId: DEMO_PROJECT.id, secretServerKey: DEMO_PROJECT.secretServerKey, baseUrl: TEST_ORIGIN, fetch });
  const email = `handed-${crypto.randomUUID()}@example.com`;
  const user = await server.createUser({ primaryEmail: email });
  return { email, ...(await user.createSession()) };
}

describe('tokenStore: { accessToken, refreshToken }', () => {
  it('acts as that user, with the access token it was given (no refresh)', async () => {
    const { email, accessToken, refreshToken } = await serverSession();
    const paths: string[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      const request = new Request(input, init);
      paths.push(new URL(request.url).pathname);
      return Promise.resolve(emulator().app.fetch(request));
    };
    const app = clientApp({ tokenStore: { accessToken, refreshToken }, fetch });
    expect((await app.getUser())?.primaryEmail).toBe(email);
    expect((await app.getSessionSnapshot()).status).toBe('signed-in');
    expect(paths).toContain('/api/v1/users/me');
    expect(paths).not.toContain('/api/v1/auth/oauth/token');
  });

  it('refreshes when only the refresh token is given', async () => {
    const { email, refreshToken } = await serverSession();
    const app = clientApp({ tokenStore: { accessToken: null, refreshToken } });
    expect((await app.getUser())?.primaryEmail).toBe(email);
  });

  it("refuses the literal 'undefined' and starts signed out without a refresh token", async () => {
    // Checked where the page-hosted session starts (a lazy chunk): the app's first call rejects.
    await expect(clientApp({ tokenStore: { accessToken: 'undefined', refreshToken: 'r' } }).getAccessToken()).rejects.toThrow(/Access token is the string 'undefined'/);
    await expect(clientApp({ tokenStore: { accessToken: null, refreshToken: 'undefined' } }).getAccessToken()).rejects.toThrow(/Refresh token is the string 'undefined'/);
    const { accessToken } = await serverSession();
    expect(await clientApp({ tokenStore: { accessToken, refreshToken: null } }).getUser()).toBeNull();
  });
});

describe('tokenStore: a request', () => {
  it('reads the x-stack-auth header', async () => {
    const { email, accessToken, refreshToken } = await serverSession();
    const request = new Request('https://app.example.com/api/profile', { headers: { 'x-stack-auth': JSON.stringify({ accessToken, refreshToken }) } });
    expect((await clientApp({ tokenStore: request }).getUser())?.primaryEmail).toBe(email);
  });

  it("reads the SDK's refresh cookie when there is no header", async () => {
    const { email, refreshToken } = await serverSession();
    const request = new Request('https://app.example.com/', { headers: { cookie: `other=1; stack-refresh-${DEMO_PROJECT.id}=${refreshToken}` } });
    expect((await clientApp({ tokenStore: request }).getUser())?.primaryEmail).toBe(email);
  });

  it('is signed out when the request carries no session', async () => {
    expect(await clientApp({ tokenStore: new Request('https://app.example.com/') }).getUser()).toBeNull();
  });
});

describe("tokenStore: 'nextjs-cookie'", () => {
  it('is out of scope: the error says what to use instead, and the service is told, as the SDK does (POST /check-feature-support)', async () => {
    let resolve: (report: { request: Request; body: unknown; answer: string }) => void = () => undefined;
    const reported = new Promise<{ request: Request; body: unknown; answer: string }>((done) => (resolve = done));
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      const response = await emulator().app.fetch(request.clone());
      if (new URL(request.url).pathname === '/api/v1/check-feature-support') resolve({ request, body: await request.json(), answer: await response.clone().text() });
      return response;
    };
    const build = () => clientApp({ tokenStore: 'nextjs-cookie' as never, fetch });
    expect(build).toThrow(NotImplementedError);
    expect(build).toThrow(/use 'cookie' in the browser, or tokenStore: request on a server/);
    const { request, body, answer } = await reported;
    expect(request.method).toBe('POST');
    expect(request.headers.get('x-stack-access-token')).toBeNull();
    expect(body).toMatchObject({ name: "tokenStore 'nextjs-cookie'", tokenStore: 'nextjs-cookie' });
    expect(answer).toBe("tokenStore 'nextjs-cookie' is not yet supported. Please reach out to Stack support for more information.");
  });
});
