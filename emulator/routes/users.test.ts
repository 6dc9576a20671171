import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, setProjectConfig, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { DEMO_PROJECT, INTERNAL_PROJECT } from '../domain/seed.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator({ dialect: '2.7' });
});
afterAll(() => emu.close());

const server = (path: string, init: Parameters<TestEmulator['fetch']>[1] = {}) => emu.fetch(`/api/v1${path}`, { accessType: 'server', ...init });
const read = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });

describe('server users', () => {
  it('creates (201) a server user and reads it back', async () => {
    const res = await read(await server('/users', { method: 'POST', json: { primary_email: 'srv@example.com', primary_email_auth_enabled: true, display_name: 'Srv', password: 'password123' } }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String) as unknown,
      primary_email: 'srv@example.com',
      primary_email_verified: false,
      primary_email_auth_enabled: true,
      display_name: 'Srv',
      profile_image_url: null,
      signed_up_at_millis: expect.any(Number) as unknown,
      last_active_at_millis: expect.any(Number) as unknown,
      client_metadata: null,
      client_read_only_metadata: null,
      server_metadata: null,
      has_password: true,
      otp_auth_enabled: false,
      passkey_auth_enabled: false,
      auth_with_email: true,
      requires_totp_mfa: false,
      oauth_providers: [],
      selected_team_id: null,
      selected_team: null,
    });
    const again = await read(await server(`/users/${String(res.body.id)}`));
    expect(again.body).toEqual(res.body);
    const signIn = await emu.fetch('/api/v1/auth/password/sign-in', { method: 'POST', accessType: 'client', json: { email: 'srv@example.com', password: 'password123' } });
    expect(signIn.status).toBe(200);
  });

  it('duplicate auth e-mail -> 409; unknown user -> USER_NOT_FOUND; client -> INSUFFICIENT_ACCESS_TYPE', async () => {
    const { email } = await signUp(emu);
    expect((await read(await server('/users', { method: 'POST', json: { primary_email: email, primary_email_auth_enabled: true } }))).body).toEqual({
      code: 'USER_EMAIL_ALREADY_EXISTS',
      error: 'User email already exists.',
    });
    expect(await read(await server('/users/6a0f1b4e-3d1c-4a9b-8e2f-7c5d0a1b2c3d'))).toEqual({
      status: 404,
      body: { code: 'USER_NOT_FOUND', error: 'User not found.' },
    });
    expect((await read(await emu.fetch('/api/v1/users', { accessType: 'client' }))).body.code).toBe('INSUFFICIENT_ACCESS_TYPE');
  });

  it('updates and deletes; a server password change revokes all sessions', async () => {
    const u = await signUp(emu);
    const patched = await read(await server(`/users/${u.userId}`, { method: 'PATCH', json: { server_metadata: { plan: 'pro' }, password: 'another-password' } }));
    expect(patched.body.server_metadata).toEqual({ plan: 'pro' });
    const refresh = await emu.fetch('/api/v1/auth/sessions/current/refresh', { method: 'POST', accessType: 'client', headers: { 'x-stack-refresh-token': u.refreshToken } });
    expect(refresh.status).toBe(401);
    expect(await read(await server(`/users/${u.userId}`, { method: 'DELETE', json: {} }))).toEqual({ status: 200, body: { success: true } });
    expect((await server(`/users/${u.userId}`)).status).toBe(404);
  });

  it('lists with an inclusive next_cursor', async () => {
    // A separate project keeps the list small and ordered.
    const headers = { 'x-stack-project-id': INTERNAL_PROJECT.id, 'x-stack-access-type': 'server', 'x-stack-secret-server-key': INTERNAL_PROJECT.secretServerKey };
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      emu.clock.advance(1000);
      const res = await emu.fetch('/api/v1/users', { method: 'POST', headers, json: { display_name: `list-${i}` } });
      ids.push(((await res.json()) as { id: string }).id);
    }
    const page1 = (await (await emu.fetch('/api/v1/users?limit=2', { headers })).json()) as { items: { id: string }[]; is_paginated: boolean; pagination: { next_cursor: string | null } };
    expect(page1.is_paginated).toBe(true);
    expect(page1.items.map((u) => u.id)).toEqual(ids.slice(0, 2));
    expect(page1.pagination.next_cursor).toBe(ids[2]);
    const page2 = (await (await emu.fetch(`/api/v1/users?limit=2&cursor=${ids[2]}`, { headers })).json()) as typeof page1;
    expect(page2.items.map((u) => u.id)).toEqual([ids[2]]);
    expect(page2.pagination.next_cursor).toBeNull();
    const searched = (await (await emu.fetch('/api/v1/users?query=LIST-1', { headers })).json()) as typeof page1;
    expect(searched.items.map((u) => u.id)).toEqual([ids[1]]);
    const bad = await emu.fetch('/api/v1/users?foo=1', { headers });
    expect(((await bad.json()) as { error: string }).error).toBe('Request validation failed on GET /api/v1/users:\n  - query contains unknown properties: foo');
  });

  it('the current dialect adds risk_scores and the 2.8 fields', async () => {
    const res = await emu.fetch('/api/v1/users', {
      method: 'POST',
      headers: { 'x-hexclave-project-id': DEMO_PROJECT.id, 'x-hexclave-access-type': 'server', 'x-hexclave-secret-server-key': DEMO_PROJECT.secretServerKey },
      json: { primary_email: 'hex-srv@example.com', country_code: null },
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      risk_scores: { sign_up: { bot: 0, free_trial_abuse: 0 } },
      is_anonymous: false,
      is_restricted: false,
      restricted_reason: null,
      country_code: null,
    });
  });
});

describe('POST /users: 400 texts', () => {
  const create = async (json: Record<string, unknown>) => {
    const res = await server('/users', { method: 'POST', json });
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };
  const userCount = async () => ((await (await server('/users')).json()) as { items: unknown[] }).items.length;

  it('primary_email_auth_enabled without an e-mail; password together with password_hash', async () => {
    expect(await create({ primary_email_auth_enabled: true })).toEqual({
      status: 400,
      type: 'text/plain; charset=utf-8',
      text: 'primary_email_auth_enabled cannot be true without primary_email',
    });
    expect(await create({ primary_email: `both-${crypto.randomUUID()}@example.com`, password: 'password123', password_hash: '$2a$10$abcdefghijklmnopqrstuu' })).toEqual({
      status: 400,
      type: 'text/plain; charset=utf-8',
      text: 'Cannot set both password and password_hash at the same time.',
    });
  });

  it('a password while password authentication is off: 400 text, no user created', async () => {
    const before = await userCount();
    await setProjectConfig(emu, DEMO_PROJECT.id, { credential_enabled: false });
    try {
      const res = await create({ primary_email: `off-${crypto.randomUUID()}@example.com`, primary_email_auth_enabled: true, password: 'password123' });
      expect([res.status, res.type]).toEqual([400, 'text/plain; charset=utf-8']);
      expect(res.text).not.toBe('');
    } finally {
      await setProjectConfig(emu, DEMO_PROJECT.id, { credential_enabled: true });
    }
    expect(await userCount()).toBe(before);
  });
});

describe('otp_auth_enabled:true needs the project OTP method (magic link)', () => {
  it('adds the OTP method when magic link is on; otherwise changes nothing, without an error (server and client)', async () => {
    const u = await signUp(emu);
    const patchServer = async (json: unknown) => (await read(await server(`/users/${u.userId}`, { method: 'PATCH', json }))).body;
    const patchMe = async (json: unknown) =>
      (await read(await emu.fetch('/api/v1/users/me', { method: 'PATCH', accessType: 'client', headers: { 'x-stack-access-token': u.accessToken }, json }))).body;
    await setProjectConfig(emu, DEMO_PROJECT.id, { magic_link_enabled: false });
    try {
      expect(await patchServer({ otp_auth_enabled: true })).toMatchObject({ id: u.userId, otp_auth_enabled: false });
      expect(await patchMe({ otp_auth_enabled: true })).toMatchObject({ id: u.userId, otp_auth_enabled: false });
    } finally {
      await setProjectConfig(emu, DEMO_PROJECT.id, { magic_link_enabled: true });
    }
    expect(await patchMe({ otp_auth_enabled: true })).toMatchObject({ otp_auth_enabled: true, auth_with_email: true });
    expect(await patchServer({ otp_auth_enabled: false })).toMatchObject({ otp_auth_enabled: false });
  });
});

