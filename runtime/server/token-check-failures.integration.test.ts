// Every token check tells "no or invalid token" (null, as the SDK) from "cannot verify" (a NetworkError naming
// the URL it tried), and gives up within the app's request timeout (issue 30 item 2).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, TEST_ORIGIN, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { DEMO_PROJECT } from '../../emulator/domain/seed.ts';
import { fakeFetch } from '../../testing/runtime/http.ts';
import { serverAppOn, uniqueEmail } from '../../testing/runtime/server-integration.ts';
import { NetworkError } from '../http/errors.ts';
import { StackSetupError } from '../protocol/setup-error.ts';
import { StackServerApp } from './server-app.ts';

const WRONG_API = 'http://localhost:1';
const JWKS_PATH = `/api/v1/projects/${DEMO_PROJECT.id}/.well-known/jwks.json`;

let emu: TestEmulator;
let tokens: { accessToken: string; refreshToken: string };

beforeAll(async () => {
  emu = await createTestEmulator();
  const app = serverAppOn(emu);
  const user = await app.createUser({ primaryEmail: uniqueEmail('token-check') });
  tokens = await app.createSession({ userId: user.id });
});
afterAll(() => emu.close());

const bearer = (accessToken: string) => new Request('https://app.example/me', { headers: { authorization: `Bearer ${accessToken}` } });
const forwarded = (pair: { accessToken: string; refreshToken: string }) =>
  new Request('https://app.example/me', { headers: { 'x-stack-auth': JSON.stringify(pair) } });

/** A server app whose API cannot be reached: every request fails as Node's fetch does on a refused connection. */
function unreachableApp(options: Partial<ConstructorParameters<typeof StackServerApp>[0]> = {}) {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
  const { fetch, calls } = fakeFetch(() => {
    throw new TypeError('fetch failed', { cause: refused });
  });
  const app = new StackServerApp({
    projectId: DEMO_PROJECT.id,
    secretServerKey: DEMO_PROJECT.secretServerKey,
    publishableClientKey: DEMO_PROJECT.publishableClientKey,
    baseUrl: WRONG_API,
    fetch,
    requestTimeoutMs: 2000,
    ...options,
  });
  return { app, calls };
}

/** A fetch that never answers (a server that accepts the connection and says nothing), except as fetch does on abort. */
const silentFetch: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    if (init?.signal?.aborted) reject(init.signal.reason);
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });

describe('getUserFromRequest when the key set cannot be read', () => {
  it('rejects with a NetworkError naming the key set URL, instead of resolving null', async () => {
    const { app } = unreachableApp();
    const error: unknown = await app.getUserFromRequest(bearer(tokens.accessToken)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).url).toBe(`${WRONG_API}${JWKS_PATH}`);
    expect((error as NetworkError).message).toContain(`Unable to connect to ${WRONG_API}${JWKS_PATH}.`);
    expect((error as NetworkError).message).toContain('ECONNREFUSED');
  });

  it('a wrong API URL that answers (a 404) says so', async () => {
    const { fetch } = fakeFetch(() => new Response('Not Found', { status: 404 }));
    const app = new StackServerApp({ projectId: DEMO_PROJECT.id, secretServerKey: DEMO_PROJECT.secretServerKey, baseUrl: 'http://localhost:5173', fetch });
    const error: unknown = await app.verifyAccessToken(tokens.accessToken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).url).toBe(`http://localhost:5173${JWKS_PATH}`);
    expect((error as NetworkError).diagnostics).toEqual({ keySetStatus: 404 });
    // The server answered: not "Unable to connect", and no bare diagnostics at the end.
    expect((error as NetworkError).message).toMatch(new RegExp(`^http://localhost:5173${JWKS_PATH.replaceAll('/', '\\/')} answered 404, which is not an answer of the API\\. Check the API URL`));
    expect((error as NetworkError).message).not.toMatch(/Unable to connect|\{\}$/);
  });

  it('a baseUrl that already ends in /api/v1 is taken as the base URL: no /api/v1/api/v1', async () => {
    const { fetch, calls } = fakeFetch(() => new Response('Not Found', { status: 404 }));
    const app = new StackServerApp({ projectId: DEMO_PROJECT.id, secretServerKey: DEMO_PROJECT.secretServerKey, baseUrl: 'http://localhost:5173/api/v1/', fetch });
    await app.verifyAccessToken(tokens.accessToken).catch(() => undefined);
    expect(calls.map((call) => call.url)).toContain(`http://localhost:5173${JWKS_PATH}`);
  });

  it('still resolves null, with no request, for no token or a token that is not a JWT', async () => {
    const { app, calls } = unreachableApp();
    expect(await app.getUserFromRequest(new Request('https://app.example/me'))).toBeNull();
    expect(await app.getUserFromRequest(bearer('not-a-jwt'))).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('gives up on a silent key set within the request timeout', async () => {
    const app = new StackServerApp({ projectId: DEMO_PROJECT.id, secretServerKey: DEMO_PROJECT.secretServerKey, baseUrl: WRONG_API, fetch: silentFetch, requestTimeoutMs: 300 });
    const started = performance.now();
    await expect(app.getUserFromRequest(bearer(tokens.accessToken))).rejects.toBeInstanceOf(NetworkError);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('token checks that reach the API', () => {
  it('a tampered token on a working API is null, not an error', async () => {
    const app = serverAppOn(emu);
    expect(await app.getUserFromRequest(bearer(`${tokens.accessToken.slice(0, -4)}AAAA`))).toBeNull();
    expect((await app.getUserFromRequest(bearer(tokens.accessToken)))?.primaryEmail).toMatch(/^token-check-/);
  });

  it('a refresh that cannot reach the token endpoint rejects with a NetworkError naming it, within the timeout', async () => {
    const { app } = unreachableApp({ verifyAccessTokens: false, requestTimeoutMs: 1500 });
    const started = performance.now();
    const error: unknown = await app.getUserFromRequest(forwarded({ accessToken: 'x.y.z', refreshToken: tokens.refreshToken })).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(1500 + 1000);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).url).toBe(`${WRONG_API}/api/v1/auth/oauth/token`);
    expect((error as NetworkError).message).toContain('ECONNREFUSED');
  });

  it('a token endpoint that answers something else (a wrong API URL) names the URL and the status', async () => {
    const { fetch } = fakeFetch(() => new Response('Not Found', { status: 404 }));
    const app = new StackServerApp({
      projectId: DEMO_PROJECT.id,
      secretServerKey: DEMO_PROJECT.secretServerKey,
      publishableClientKey: DEMO_PROJECT.publishableClientKey,
      baseUrl: 'http://localhost:5173',
      fetch,
      verifyAccessTokens: false,
      requestTimeoutMs: 1500,
    });
    const error: unknown = await app.getUserFromRequest(forwarded({ accessToken: 'x.y.z', refreshToken: tokens.refreshToken })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).url).toBe('http://localhost:5173/api/v1/auth/oauth/token');
    expect((error as NetworkError).diagnostics).toEqual({ status: 404 });
  });

  it('GET /users/me that cannot be sent rejects with a NetworkError naming it, within the timeout', async () => {
    const { app } = unreachableApp({ verifyAccessTokens: false, requestTimeoutMs: 1500 });
    const started = performance.now();
    const error: unknown = await app.getUserFromRequest(bearer(tokens.accessToken)).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(1500 + 1000);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).url).toBe(`${WRONG_API}/api/v1/users/me`);
  });

  it('refuses a request timeout that is not a positive whole number of milliseconds', () => {
    expect(() => new StackServerApp({ projectId: 'p', secretServerKey: 'k', baseUrl: TEST_ORIGIN, requestTimeoutMs: 0 })).toThrow(StackSetupError);
    expect(() => new StackServerApp({ projectId: 'p', secretServerKey: 'k', baseUrl: TEST_ORIGIN, requestTimeoutMs: 1.5 })).toThrow(/requestTimeoutMs/);
  });
});
