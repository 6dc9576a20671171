// Project-level authentication (key checks in the backend's order), checked through GET /api/v1/projects/current.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { DEMO_PROJECT, INTERNAL_PROJECT } from '../domain/seed.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator({ dialect: '2.7' });
});
afterAll(() => emu.close());

async function call(headers: Record<string, string>) {
  const res = await emu.fetch('/api/v1/projects/current', { headers });
  return { status: res.status, knownError: res.headers.get('x-stack-known-error'), body: (await res.json()) as unknown };
}

const DOCS = '\n\nFor more information, see the docs on REST API authentication: https://docs.stack-auth.com/rest-api/overview#authentication';
const demo = { 'x-stack-project-id': DEMO_PROJECT.id };

describe('project auth order', () => {
  it('no access type: anonymous, so routes needing auth answer ACCESS_TYPE_REQUIRED', async () => {
    expect(await call({})).toEqual({
      status: 400,
      knownError: 'ACCESS_TYPE_REQUIRED',
      body: {
        code: 'ACCESS_TYPE_REQUIRED',
        error: `You must specify an access level for this Stack project. Make sure project API keys are provided (eg. x-stack-publishable-client-key) and you set the x-stack-access-type header to 'client', 'server', or 'admin'.${DOCS}`,
      },
    });
  });

  it('a key without access type', async () => {
    expect(await call({ ...demo, 'x-stack-publishable-client-key': DEMO_PROJECT.publishableClientKey })).toEqual({
      status: 400,
      knownError: 'PROJECT_KEY_WITHOUT_ACCESS_TYPE',
      body: {
        code: 'PROJECT_KEY_WITHOUT_ACCESS_TYPE',
        error: "Either an API key or an admin access token was provided, but the x-stack-access-type header is missing. Set it to 'client', 'server', or 'admin' as appropriate.",
      },
    });
  });

  it('an invalid access type (no details on the wire)', async () => {
    expect(await call({ ...demo, 'x-stack-access-type': 'root' })).toEqual({
      status: 400,
      knownError: 'INVALID_ACCESS_TYPE',
      body: { code: 'INVALID_ACCESS_TYPE', error: "The x-stack-access-type header must be 'client', 'server', or 'admin', but was 'root'." },
    });
  });

  it('an access type without project id', async () => {
    expect(await call({ 'x-stack-access-type': 'client' })).toEqual({
      status: 400,
      knownError: 'ACCESS_TYPE_WITHOUT_PROJECT_ID',
      body: {
        code: 'ACCESS_TYPE_WITHOUT_PROJECT_ID',
        details: { request_type: 'client' },
        error: `The x-stack-access-type header was 'client', but the x-stack-project-id header was not provided.${DOCS}`,
      },
    });
  });

  it('missing keys (an empty header counts as missing)', async () => {
    expect((await call({ ...demo, 'x-stack-access-type': 'client' })).body).toEqual({
      code: 'CLIENT_AUTHENTICATION_REQUIRED',
      error: 'The publishable client key must be provided.',
    });
    expect((await call({ ...demo, 'x-stack-access-type': 'server', 'x-stack-secret-server-key': '' })).body).toEqual({
      code: 'SERVER_AUTHENTICATION_REQUIRED',
      error: 'The secret server key must be provided.',
    });
    const admin = await call({ ...demo, 'x-stack-access-type': 'admin', 'x-stack-publishable-client-key': DEMO_PROJECT.publishableClientKey });
    expect(admin).toEqual({
      status: 401,
      knownError: 'ADMIN_AUTHENTICATION_REQUIRED',
      body: { code: 'ADMIN_AUTHENTICATION_REQUIRED', error: 'The super secret admin key must be provided.' },
    });
  });

  it('keys are checked only against the access type in use, and against the project', async () => {
    expect(
      await call({ ...demo, 'x-stack-access-type': 'client', 'x-stack-publishable-client-key': INTERNAL_PROJECT.publishableClientKey }),
    ).toEqual({
      status: 401,
      knownError: 'INVALID_PUBLISHABLE_CLIENT_KEY',
      body: {
        code: 'INVALID_PUBLISHABLE_CLIENT_KEY',
        details: { project_id: DEMO_PROJECT.id },
        error: `The publishable key is not valid for the project "${DEMO_PROJECT.id}". Does the project and/or the key exist?`,
      },
    });
    const server = await call({
      ...demo,
      'x-stack-access-type': 'server',
      'x-stack-secret-server-key': DEMO_PROJECT.secretServerKey,
      'x-stack-publishable-client-key': 'garbage',
    });
    expect(server.status).toBe(200);
    expect((await call({ ...demo, 'x-stack-access-type': 'server', 'x-stack-secret-server-key': 'x' })).body).toEqual({
      code: 'INVALID_SECRET_SERVER_KEY',
      details: { project_id: DEMO_PROJECT.id },
      error: `The secret server key is not valid for the project "${DEMO_PROJECT.id}". Does the project and/or the key exist?`,
    });
    expect((await call({ ...demo, 'x-stack-access-type': 'admin', 'x-stack-super-secret-admin-key': 'x' })).body).toEqual({
      code: 'INVALID_SUPER_SECRET_ADMIN_KEY',
      details: { project_id: DEMO_PROJECT.id },
      error: `The super secret admin key is not valid for the project "${DEMO_PROJECT.id}". Does the project and/or the key exist?`,
    });
  });

  it('an unknown project fails the key check (step 6 precedes step 7)', async () => {
    expect(
      await call({ 'x-stack-project-id': 'nope', 'x-stack-access-type': 'client', 'x-stack-publishable-client-key': DEMO_PROJECT.publishableClientKey }),
    ).toEqual({
      status: 401,
      knownError: 'INVALID_PUBLISHABLE_CLIENT_KEY',
      body: {
        code: 'INVALID_PUBLISHABLE_CLIENT_KEY',
        details: { project_id: 'nope' },
        error: 'The publishable key is not valid for the project "nope". Does the project and/or the key exist?',
      },
    });
  });

  it('checks the access token before anything else, even without an access type', async () => {
    expect(await call({ ...demo, 'x-stack-access-token': 'garbage' })).toEqual({
      status: 401,
      knownError: 'UNPARSABLE_ACCESS_TOKEN',
      body: { code: 'UNPARSABLE_ACCESS_TOKEN', error: 'Access token is not parsable.' },
    });
    const { accessToken } = await signUp(emu);
    expect(
      await call({
        'x-stack-project-id': INTERNAL_PROJECT.id,
        'x-stack-access-type': 'client',
        'x-stack-publishable-client-key': INTERNAL_PROJECT.publishableClientKey,
        'x-stack-access-token': accessToken,
      }),
    ).toEqual({
      status: 401,
      knownError: 'INVALID_PROJECT_FOR_ACCESS_TOKEN',
      body: { code: 'INVALID_PROJECT_FOR_ACCESS_TOKEN', error: 'Access token not valid for this project.' },
    });
  });

  it('accepts x-hexclave-* aliases and answers in the current dialect', async () => {
    const { accessToken } = await signUp(emu);
    const res = await emu.fetch('/api/v1/projects/current', {
      headers: {
        'x-hexclave-project-id': INTERNAL_PROJECT.id,
        'x-hexclave-access-type': 'client',
        'x-hexclave-publishable-client-key': INTERNAL_PROJECT.publishableClientKey,
        'x-hexclave-access-token': accessToken,
      },
    });
    expect(await res.json()).toEqual({
      code: 'INVALID_PROJECT_FOR_ACCESS_TOKEN',
      details: { expected_project_id: INTERNAL_PROJECT.id, actual_project_id: DEMO_PROJECT.id },
      error: `Access token not valid for this project. Expected project ID "internal", but the token is for project ID "${DEMO_PROJECT.id}".`,
    });
  });
});

describe('admin access tokens', () => {
  const asAdminOf = (projectId: string, token: string) => ({ 'x-stack-project-id': projectId, 'x-stack-access-type': 'admin', 'x-stack-admin-access-token': token });
  const internalServer = (path: string, init: Parameters<TestEmulator['fetch']>[1]) =>
    emu.fetch(`/api/v1${path}`, { accessType: 'server', project: INTERNAL_PROJECT, ...init });

  /** A user of the internal project whose server_metadata lists `managedProjectIds`. */
  async function owner(managedProjectIds: string[]): Promise<{ userId: string; accessToken: string }> {
    const u = await signUp(emu, { project: INTERNAL_PROJECT });
    const patched = await internalServer(`/users/${u.userId}`, { method: 'PATCH', json: { server_metadata: { managedProjectIds } } });
    expect(patched.status).toBe(200);
    return u;
  }

  it('UNPARSABLE_ADMIN_ACCESS_TOKEN for a token that is no access token', async () => {
    expect(await call(asAdminOf(DEMO_PROJECT.id, 'garbage'))).toEqual({
      status: 401,
      knownError: 'UNPARSABLE_ADMIN_ACCESS_TOKEN',
      body: { code: 'UNPARSABLE_ADMIN_ACCESS_TOKEN', error: 'Admin access token is not parsable.' },
    });
  });

  it('ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN for a token of another project or a user who does not manage the project', async () => {
    const notAdmin = { code: 'ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN', error: 'Admin access token does not have the required permissions to access this project.' };
    const demoUser = await signUp(emu);
    expect(await call(asAdminOf(DEMO_PROJECT.id, demoUser.accessToken))).toEqual({ status: 401, knownError: notAdmin.code, body: notAdmin });
    const stranger = await owner([]);
    expect(await call(asAdminOf(DEMO_PROJECT.id, stranger.accessToken))).toEqual({ status: 401, knownError: notAdmin.code, body: notAdmin });
    const manager = await owner([DEMO_PROJECT.id]);
    expect((await call(asAdminOf(DEMO_PROJECT.id, manager.accessToken))).status).toBe(200);
  });

  it('401 text once the owner is deleted, although the token is still valid', async () => {
    const manager = await owner([DEMO_PROJECT.id]);
    expect((await internalServer(`/users/${manager.userId}`, { method: 'DELETE', json: {} })).status).toBe(200);
    const res = await emu.fetch('/api/v1/projects/current', { headers: asAdminOf(DEMO_PROJECT.id, manager.accessToken) });
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('x-stack-known-error')).toBeNull();
    expect(await res.text()).toBe('The user associated with the admin access token is no longer valid. Please refresh the admin access token and try again.');
  });

  it('INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN for a managed project that no longer exists', async () => {
    const gone = crypto.randomUUID();
    const manager = await owner([gone]);
    expect(await call(asAdminOf(gone, manager.accessToken))).toEqual({
      status: 401,
      knownError: 'INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN',
      body: { code: 'INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN', error: 'Admin access tokens must be created on the internal project.' },
    });
  });
});
