import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../testing/runtime/http.ts';
import { KnownErrors } from '../protocol/errors.ts';
import { StackServerApp } from './server-app.ts';
import { StackSetupError } from '../protocol/setup-error.ts';
import {
  API,
  PROJECT_ID,
  SECRET_SERVER_KEY,
  TEAM_ID,
  USER_ID,
  clientProjectWire,
  expectCall,
  expectServerHeaders,
  jsonResponse,
  scriptedFetch,
  serverTeamWire,
  serverUserWire,
  tokenExpiringIn,
} from '../../testing/runtime/server.ts';

function app(...answers: Parameters<typeof scriptedFetch>) {
  const { fetch, calls } = scriptedFetch(...answers);
  return { app: new StackServerApp({ projectId: PROJECT_ID, secretServerKey: SECRET_SERVER_KEY, baseUrl: `${API}/`, fetch, verifyAccessTokens: false }), calls };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('StackServerApp construction', () => {
  it('refuses a missing project id or secret server key with a setup error', () => {
    vi.stubEnv('NEXT_PUBLIC_STACK_PROJECT_ID', '');
    vi.stubEnv('STACK_SECRET_SERVER_KEY', '');
    expect(() => new StackServerApp({ secretServerKey: 'k' })).toThrow(StackSetupError);
    expect(() => new StackServerApp({ secretServerKey: 'k' })).toThrow(/projectId/);
    expect(() => new StackServerApp({ projectId: 'p' })).toThrow(/secretServerKey/);
    expect(() => new StackServerApp({ projectId: 'p', secretServerKey: '' })).toThrow(StackSetupError);
  });

  it('reads the SDK environment variables', async () => {
    vi.stubEnv('NEXT_PUBLIC_STACK_PROJECT_ID', 'env-project');
    vi.stubEnv('STACK_SECRET_SERVER_KEY', 'env-key');
    vi.stubEnv('NEXT_PUBLIC_STACK_API_URL', 'https://env.example/');
    const { fetch, calls } = fakeFetch(() => jsonResponse(clientProjectWire));
    const server = new StackServerApp({ fetch });
    expect(server.projectId).toBe('env-project');
    await server.getProject();
    expect(calls[0]?.url).toBe('https://env.example/api/v1/projects/current');
    expect(calls[0]?.headers.get('x-stack-secret-server-key')).toBe('env-key');
  });

  it('sends the publishable key too when configured', async () => {
    const { fetch, calls } = fakeFetch(() => jsonResponse(clientProjectWire));
    await new StackServerApp({ projectId: PROJECT_ID, secretServerKey: 's', publishableClientKey: 'pck_x', baseUrl: API, fetch }).getProject();
    expect(calls[0]?.headers.get('x-stack-publishable-client-key')).toBe('pck_x');
  });
});

describe('StackServerApp', () => {
  it('gets the client view of the project with server headers', async () => {
    const { app: server, calls } = app(clientProjectWire);
    const project = await server.getProject();
    expectCall(calls[0], 'GET', '/projects/current');
    expectServerHeaders(calls[0], SECRET_SERVER_KEY);
    expect(calls[0]?.headers.get('x-stack-publishable-client-key')).toBeNull();
    expect(project.config.oauthProviders).toEqual([{ id: 'github' }, { id: 'google' }]);
  });

  it('lists users as an array carrying nextCursor', async () => {
    const { app: server } = app({ items: [serverUserWire], is_paginated: true, pagination: { next_cursor: 'n-1' } });
    const users = await server.listUsers({ limit: 1 });
    expect(Array.isArray(users)).toBe(true);
    expect(users).toHaveLength(1);
    expect(users.nextCursor).toBe('n-1');
    expect(users[0]?.primaryEmail).toBe('ada@example.com');
    expect(typeof users[0]?.update).toBe('function');
  });

  it('creates, gets, updates and deletes users', async () => {
    const { app: server, calls } = app(serverUserWire, serverUserWire, serverUserWire, { success: true });
    await server.createUser({ primaryEmail: 'a@b.co' });
    expect((await server.getUser(USER_ID))?.id).toBe(USER_ID);
    await server.updateUser(USER_ID, { displayName: 'N' });
    await server.deleteUser(USER_ID);
    expectCall(calls[0], 'POST', '/users', { primary_email: 'a@b.co' });
    expectCall(calls[1], 'GET', `/users/${USER_ID}`);
    expectCall(calls[2], 'PATCH', `/users/${USER_ID}`, { display_name: 'N' });
    expectCall(calls[3], 'DELETE', `/users/${USER_ID}`, {});
  });

  it('getUser(id) answers null for an unknown id, as the SDK does', async () => {
    const { app: server } = app({ knownError: 'USER_NOT_FOUND' });
    expect(await server.getUser(USER_ID)).toBeNull();
  });

  it('a wrong secret key surfaces as INVALID_SECRET_SERVER_KEY', async () => {
    const { app: server } = app({ knownError: 'INVALID_SECRET_SERVER_KEY', details: { project_id: PROJECT_ID } });
    const error = await server.listUsers().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KnownErrors.InvalidSecretServerKey);
    expect(error).toBeInstanceOf(KnownErrors.InvalidProjectAuthentication);
  });

  it('getUser({tokenStore: request}) and getUserFromRequest read x-stack-auth', async () => {
    const { app: server, calls } = app(serverUserWire);
    const at = tokenExpiringIn(Date.now(), 600_000);
    const request = new Request('https://app.example.com/api', { headers: { 'x-stack-auth': JSON.stringify({ accessToken: at, refreshToken: 'rt' }) } });
    expect((await server.getUser({ tokenStore: request }))?.id).toBe(USER_ID);
    expect((await server.getUserFromRequest(request))?.id).toBe(USER_ID);
    expect((await server.getUser({ tokenStore: { accessToken: at, refreshToken: 'rt' } }))?.id).toBe(USER_ID);
    expectCall(calls[0], 'GET', '/users/me');
    expect(calls[0]?.headers.get('x-stack-access-token')).toBe(at);
  });

  it('getUser({tokenStore}) is null for an anonymous request, or throws with or: throw', async () => {
    const { app: server, calls } = app(serverUserWire);
    const anonymous = new Request('https://app.example.com/api');
    expect(await server.getUser({ tokenStore: anonymous })).toBeNull();
    await expect(server.getUser({ tokenStore: anonymous, or: 'throw' })).rejects.toThrow(/not signed in/);
    expect(calls).toHaveLength(0);
  });

  it('getUser() without an id or token store explains itself', async () => {
    const { app: server } = app(serverUserWire);
    const untyped = server.getUser.bind(server) as (arg?: unknown) => Promise<unknown>;
    await expect(untyped()).rejects.toThrow(/keeps no session/);
    await expect(untyped({})).rejects.toThrow(/getUser\(\{ tokenStore: request \}\)/);
  });

  it('creates sessions and manages teams', async () => {
    const { app: server, calls } = app(
      { access_token: 'at', refresh_token: 'rt' },
      { items: [serverTeamWire], is_paginated: false },
      serverTeamWire,
      serverTeamWire,
    );
    expect(await server.createSession({ userId: USER_ID })).toMatchObject({ accessToken: 'at', refreshToken: 'rt' });
    expect((await server.listTeams())[0]?.id).toBe(TEAM_ID);
    await server.createTeam({ displayName: 'T' });
    expect((await server.getTeam(TEAM_ID))?.createdAt).toEqual(new Date(1_700_000_000_000));
    expectCall(calls[0], 'POST', '/auth/sessions', { user_id: USER_ID, expires_in_millis: 31_536_000_000 });
    expectCall(calls[1], 'GET', '/teams');
    expectCall(calls[2], 'POST', '/teams', { display_name: 'T' });
    expectCall(calls[3], 'GET', `/teams/${TEAM_ID}`);
  });

  it('getTeam is null for an unknown team', async () => {
    const { app: server } = app({ knownError: 'TEAM_NOT_FOUND', details: { team_id: 'x' } });
    expect(await server.getTeam('x')).toBeNull();
  });
});
