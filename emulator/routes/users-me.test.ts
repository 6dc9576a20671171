import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, setProjectConfig, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { DEMO_PROJECT } from '../domain/seed.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator({ dialect: '2.7' });
});
afterAll(() => emu.close());

async function me(accessToken: string, init: Parameters<TestEmulator['fetch']>[1] = {}) {
  const res = await emu.fetch('/api/v1/users/me', { accessType: 'client', ...init, headers: { 'x-stack-access-token': accessToken } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function clientUser(o: { id: string; email: string; signedUpAt: number }) {
  return {
    id: o.id,
    primary_email: o.email,
    primary_email_verified: false,
    display_name: null,
    profile_image_url: null,
    signed_up_at_millis: o.signedUpAt,
    client_metadata: null,
    client_read_only_metadata: null,
    has_password: true,
    otp_auth_enabled: false,
    passkey_auth_enabled: false,
    auth_with_email: true,
    requires_totp_mfa: false,
    oauth_providers: [],
    selected_team_id: null,
    selected_team: null,
  };
}

describe('GET /users/me', () => {
  it('client view', async () => {
    const before = emu.clock.now();
    const u = await signUp(emu);
    const { status, body } = await me(u.accessToken);
    expect(status).toBe(200);
    expect(body.signed_up_at_millis).toBeGreaterThanOrEqual(before);
    expect(body).toEqual(clientUser({ id: u.userId, email: u.email, signedUpAt: body.signed_up_at_millis as number }));
  });

  it('server view adds the server fields', async () => {
    const u = await signUp(emu);
    const { body } = await me(u.accessToken, { accessType: 'server' });
    expect(body).toEqual({
      ...clientUser({ id: u.userId, email: u.email, signedUpAt: body.signed_up_at_millis as number }),
      primary_email_auth_enabled: true,
      last_active_at_millis: expect.any(Number) as unknown,
      server_metadata: null,
    });
  });

  it('without a user: CANNOT_GET_OWN_USER_WITHOUT_USER', async () => {
    const res = await emu.fetch('/api/v1/users/me', { accessType: 'client' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'CANNOT_GET_OWN_USER_WITHOUT_USER',
      error: "You have specified 'me' as a userId, but did not provide authentication for a user.",
    });
  });

  it('a deleted user with a still-valid token is treated as no user', async () => {
    const u = await signUp(emu);
    await emu.db.deleteFrom('users').where('id', '=', u.userId).execute();
    expect((await me(u.accessToken)).body.code).toBe('CANNOT_GET_OWN_USER_WITHOUT_USER');
  });
});

describe('PATCH /users/me', () => {
  it('updates client fields; "" display name is stored as null', async () => {
    const u = await signUp(emu);
    const named = await me(u.accessToken, { method: 'PATCH', json: { display_name: 'Ada', client_metadata: { theme: 'dark' } } });
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ display_name: 'Ada', client_metadata: { theme: 'dark' } });
    const cleared = await me(u.accessToken, { method: 'PATCH', json: { display_name: '' } });
    expect(cleared.body.display_name).toBeNull();
  });

  it('rejects server-only fields from a client with SCHEMA_ERROR', async () => {
    const u = await signUp(emu);
    const res = await me(u.accessToken, { method: 'PATCH', json: { display_name: 'Johnny Doe', server_metadata: { key: 'value' } } });
    const message = 'Request validation failed on PATCH /api/v1/users/me:\n  - body contains unknown properties: server_metadata';
    expect(res).toEqual({ status: 400, body: { code: 'SCHEMA_ERROR', details: { message }, error: message } });
  });

  it('profile images from a client must be base64 images', async () => {
    const u = await signUp(emu);
    const res = await emu.fetch('/api/v1/users/me', {
      method: 'PATCH',
      accessType: 'client',
      headers: { 'x-stack-access-token': u.accessToken },
      json: { profile_image_url: 'https://example.com/a.png' },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe('Invalid profile image URL');
    const image = 'data:image/png;base64,iVBORw0KGgo=';
    expect((await me(u.accessToken, { method: 'PATCH', json: { profile_image_url: image } })).body.profile_image_url).toBe(image);
    const server = await me(u.accessToken, { method: 'PATCH', accessType: 'server', json: { profile_image_url: 'https://example.com/a.png' } });
    expect(server.body.profile_image_url).toBe('https://example.com/a.png');
  });

  it('selecting a team requires membership', async () => {
    const u = await signUp(emu);
    const teamId = '3b0c6f7e-1d2a-4c5b-9e8f-0a1b2c3d4e5f';
    expect((await me(u.accessToken, { method: 'PATCH', json: { selected_team_id: teamId } })).body).toEqual({
      code: 'TEAM_MEMBERSHIP_NOT_FOUND',
      details: { team_id: teamId, user_id: u.userId },
      error: `User ${u.userId} is not found in team ${teamId}.`,
    });
  });

  it('a user-required route without a user', async () => {
    const res = await emu.fetch('/api/v1/users/me', { method: 'PATCH', accessType: 'client', json: {} });
    expect(((await res.json()) as { code: string }).code).toBe('CANNOT_GET_OWN_USER_WITHOUT_USER');
  });
});

describe('DELETE /users/me', () => {
  it('client deletion follows the project setting', async () => {
    const u = await signUp(emu);
    // The demo project enables client deletion (seed.ts).
    await setProjectConfig(emu, DEMO_PROJECT.id, { client_user_deletion_enabled: false });
    const refused = await emu.fetch('/api/v1/users/me', { method: 'DELETE', accessType: 'client', headers: { 'x-stack-access-token': u.accessToken } });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe('Client user deletion is not enabled for this project');
    await setProjectConfig(emu, DEMO_PROJECT.id, { client_user_deletion_enabled: true });
    const done = await emu.fetch('/api/v1/users/me', { method: 'DELETE', accessType: 'client', headers: { 'x-stack-access-token': u.accessToken } });
    expect(await done.json()).toEqual({ success: true });
  });
});
