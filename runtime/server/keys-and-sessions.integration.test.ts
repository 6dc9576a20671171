// The server app against the in-process emulator (emulator/): project keys, setup errors, sessions and the request user.
// Users, contact channels, teams, permissions and connected accounts: server-app.integration.test.ts.
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestEmulator, TEST_ORIGIN, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { DEMO_PROJECT } from '../../emulator/domain/seed.ts';
import { decodeKnownError, KnownErrors } from '../protocol/errors/index.ts';
import { createPipeline } from '../http/pipeline.ts';
import { fetchFrom, serverAppOn, uniqueEmail } from '../../testing/runtime/server-integration.ts';
import { StackServerApp } from './server-app.ts';
import { StackSetupError } from '../protocol/setup-error.ts';

let emu: TestEmulator;
let app: StackServerApp;

const emulatorFetch = (): typeof fetch => fetchFrom(emu);
const serverApp = (overrides: Parameters<typeof serverAppOn>[1] = {}): StackServerApp => serverAppOn(emu, overrides);
const authHeader = (tokens: { accessToken: string; refreshToken: string }) => ({ 'x-stack-auth': JSON.stringify(tokens) });

beforeAll(async () => {
  emu = await createTestEmulator();
  app = serverApp();
});
afterAll(() => emu.close());

describe('server app on the emulator: project and keys', () => {
  it('GET /projects/current gives the client view', async () => {
    const project = await app.getProject();
    expect(project.id).toBe(DEMO_PROJECT.id);
    expect(project.displayName).toBe('Demo');
    expect(project.config.magicLinkEnabled).toBe(true);
  });

  it('a wrong secret server key is INVALID_SECRET_SERVER_KEY', async () => {
    const wrong = serverApp({ secretServerKey: 'ssk_wrong' });
    await expect(wrong.listUsers()).rejects.toBeInstanceOf(KnownErrors.InvalidSecretServerKey);
  });

  it('an unknown project id is CURRENT_PROJECT_NOT_FOUND (400) before any key is checked (the current backend order), naming the project', async () => {
    const projectId = crypto.randomUUID();
    const error: unknown = await serverApp({ projectId }).listUsers().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'CURRENT_PROJECT_NOT_FOUND', status: 400, details: { project_id: projectId } });
  });

  it('a publishable client key where the secret server key belongs is INVALID_SECRET_SERVER_KEY (keys are checked against the access type in use)', async () => {
    const misconfigured = serverApp({ secretServerKey: DEMO_PROJECT.publishableClientKey });
    const error: unknown = await misconfigured.listUsers().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KnownErrors.InvalidSecretServerKey);
    expect((error as InstanceType<typeof KnownErrors.InvalidSecretServerKey>).details).toMatchObject({ project_id: DEMO_PROJECT.id });
    // The right secret key next to a publishable one is fine: a server request ignores the publishable key.
    expect((await serverApp({ publishableClientKey: 'pck_not_checked' }).getProject()).id).toBe(DEMO_PROJECT.id);
  });

  it('an admin-only endpoint with the server access type is INSUFFICIENT_ACCESS_TYPE, with its details', async () => {
    const pipeline = createPipeline({ apiUrl: TEST_ORIGIN, projectId: DEMO_PROJECT.id, accessType: 'server', secretServerKey: DEMO_PROJECT.secretServerKey, fetch: emulatorFetch(), decodeError: decodeKnownError });
    const error: unknown = await pipeline.sendJson({ path: '/internal/api-keys' }, { parse: (x: unknown) => x }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KnownErrors.InsufficientAccessType);
    expect((error as InstanceType<typeof KnownErrors.InsufficientAccessType>).details).toEqual({ actual_access_type: 'server', allowed_access_types: ['admin'] });
  });
});

describe('server app on the emulator: setup errors', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  /** A fetch to the emulator that counts what reaches it. */
  function countingFetch(): { fetch: typeof fetch; count: () => number } {
    let count = 0;
    const inner = emulatorFetch();
    return { fetch: (input, init) => ((count += 1), inner(input, init)), count: () => count };
  }

  it('a missing project id (option and environment) throws StackSetupError at construction; no request is sent', () => {
    vi.stubEnv('NEXT_PUBLIC_STACK_PROJECT_ID', '');
    const { fetch, count } = countingFetch();
    for (const projectId of [undefined, '']) {
      const build = () => new StackServerApp({ ...(projectId === undefined ? {} : { projectId }), secretServerKey: DEMO_PROJECT.secretServerKey, baseUrl: TEST_ORIGIN, fetch });
      expect(build).toThrow(StackSetupError);
      expect(build).toThrow('authworker: StackServerApp needs the projectId option (or the NEXT_PUBLIC_STACK_PROJECT_ID environment variable); it was not provided.');
    }
    expect(count()).toBe(0);
  });

  it('a missing secret server key likewise; the environment variables fill both in', async () => {
    vi.stubEnv('STACK_SECRET_SERVER_KEY', '');
    const { fetch, count } = countingFetch();
    expect(() => new StackServerApp({ projectId: DEMO_PROJECT.id, baseUrl: TEST_ORIGIN, fetch })).toThrow(
      'authworker: StackServerApp needs the secretServerKey option (or the STACK_SECRET_SERVER_KEY environment variable); it was not provided.',
    );
    expect(count()).toBe(0);
    vi.stubEnv('NEXT_PUBLIC_STACK_PROJECT_ID', DEMO_PROJECT.id);
    vi.stubEnv('STACK_SECRET_SERVER_KEY', DEMO_PROJECT.secretServerKey);
    expect((await new StackServerApp({ baseUrl: TEST_ORIGIN, fetch }).getProject()).id).toBe(DEMO_PROJECT.id);
    expect(count()).toBe(1);
  });
});

describe('server app on the emulator: sessions and the request user', () => {
  it('createSession gives tokens whose user getUser({tokenStore: request}) resolves', async () => {
    const user = await app.createUser({ primaryEmail: uniqueEmail('sess') });
    const session = await app.createSession({ userId: user.id });
    expect(decodeJwt(session.accessToken).sub).toBe(user.id);

    const request = new Request('https://my-app.example.com/api/profile', { headers: authHeader(session) });
    expect((await app.getUser({ tokenStore: request }))?.id).toBe(user.id);
    expect((await app.getUserFromRequest(request))?.serverMetadata).toBeNull();
    expect(await app.getUserFromRequest(new Request('https://my-app.example.com/'))).toBeNull();
  });

  it('a plain Authorization: Bearer <access token> (what an authworker page sends) resolves the user', async () => {
    const user = await app.createUser({ primaryEmail: uniqueEmail('bearer') });
    const { accessToken } = await app.createSession({ userId: user.id });
    const request = new Request('https://my-app.example.com/api', { headers: { authorization: `Bearer ${accessToken}` } });
    expect((await app.getUserFromRequest(request))?.id).toBe(user.id);
  });

  it('the request user of a deleted account is null', async () => {
    const user = await app.createUser({ primaryEmail: uniqueEmail('gone') });
    const session = await user.createSession();
    await user.delete();
    expect(await app.getUserFromRequest(new Request('https://x.example', { headers: authHeader(session) }))).toBeNull();
  });

  it('an unknown user id gives USER_ID_DOES_NOT_EXIST', async () => {
    await expect(app.createSession({ userId: crypto.randomUUID() })).rejects.toBeInstanceOf(KnownErrors.UserIdDoesNotExist);
  });

  it('an expired forwarded access token is refreshed when the publishable key is configured', async () => {
    const withKey = serverApp({ publishableClientKey: DEMO_PROJECT.publishableClientKey });
    const user = await withKey.createUser({ primaryEmail: uniqueEmail('refresh') });
    const session = await withKey.createSession({ userId: user.id });
    emu.clock.advance(11 * 60_000); // past the 10-minute access-token lifetime, as the emulator sees it
    expect((await withKey.getUserFromRequest(new Request('https://x.example', { headers: authHeader(session) })))?.id).toBe(user.id);
  });

  it('createSession({expiresInMillis}) bounds the refresh token: refresh fails once the emulator clock passes it', async () => {
    const withKey = serverApp({ publishableClientKey: DEMO_PROJECT.publishableClientKey });
    const user = await withKey.createUser({ primaryEmail: uniqueEmail('short') });
    const short = await withKey.createSession({ userId: user.id, expiresInMillis: 15 * 60_000 });
    const long = await withKey.createSession({ userId: user.id }); // the default, a year
    const requestWith = (tokens: { accessToken: string; refreshToken: string }) => new Request('https://x.example', { headers: authHeader(tokens) });
    const refreshGrant = (refreshToken: string) =>
      emu.app.request(`${TEST_ORIGIN}/api/v1/auth/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: DEMO_PROJECT.id, client_secret: DEMO_PROJECT.publishableClientKey }).toString(),
      });

    emu.clock.advance(11 * 60_000); // both access tokens expired, both refresh tokens still valid
    expect((await withKey.getUserFromRequest(requestWith(short)))?.id).toBe(user.id);
    expect((await refreshGrant(short.refreshToken)).status).toBe(200);

    emu.clock.advance(4 * 60_000 + 1); // 15 minutes and 1 ms: past the short session's end
    const refused = await refreshGrant(short.refreshToken);
    expect([refused.status, refused.headers.get('x-stack-known-error')]).toEqual([401, 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED']);
    expect(await withKey.getUserFromRequest(requestWith(short))).toBeNull();
    expect((await withKey.getUserFromRequest(requestWith(long)))?.id).toBe(user.id);
  });

  it('access tokens verify with jose against the project JWKS (ES256, aud = project id)', async () => {
    const user = await app.createUser({ primaryEmail: uniqueEmail('jwks') });
    const { accessToken } = await app.createSession({ userId: user.id });
    const res = await emu.app.request(`${TEST_ORIGIN}/api/v1/projects/${DEMO_PROJECT.id}/.well-known/jwks.json`);
    const jwks = createLocalJWKSet((await res.json()) as Parameters<typeof createLocalJWKSet>[0]);
    const { payload, protectedHeader } = await jwtVerify(accessToken, jwks, {
      audience: DEMO_PROJECT.id,
      algorithms: ['ES256'],
      currentDate: new Date(emu.clock.now()),
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload.sub).toBe(user.id);
  });
});
