import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { call, errorCode } from '../../testing/emulator/requests.ts';
import { DEMO_PROJECT, INTERNAL_PROJECT } from '../domain/seed.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(() => emu.close());

const asClientWithKey = (key: string) => ({
  accessType: undefined,
  headers: { 'x-stack-project-id': DEMO_PROJECT.id, 'x-stack-access-type': 'client', 'x-stack-publishable-client-key': key },
});

describe('API keys', () => {
  it('create returns the full keys once, then last_four; revoked and expired keys stop working at once', async () => {
    const now = emu.clock.now();
    const created = await call(emu, 'POST', '/internal/api-keys', {
      accessType: 'admin',
      json: { description: 'CI', expires_at_millis: now + 60_000, has_publishable_client_key: true, has_secret_server_key: false, has_super_secret_admin_key: true },
    });
    expect(created.status).toBe(200);
    const key = created.body as { id: string; publishable_client_key: string; super_secret_admin_key: string };
    expect(created.body).toEqual({
      id: key.id,
      description: 'CI',
      publishable_client_key: expect.stringMatching(/^pck_[0-9a-z]{45}$/),
      super_secret_admin_key: expect.stringMatching(/^sak_[0-9a-z]{45}$/),
      created_at_millis: expect.any(Number),
      expires_at_millis: now + 60_000,
    });
    const read = await call(emu, 'GET', `/internal/api-keys/${key.id}`, { accessType: 'admin' });
    expect(read.body).toEqual({
      id: key.id,
      description: 'CI',
      publishable_client_key: { last_four: key.publishable_client_key.slice(-4) },
      super_secret_admin_key: { last_four: key.super_secret_admin_key.slice(-4) },
      created_at_millis: (created.body as { created_at_millis: number }).created_at_millis,
      expires_at_millis: now + 60_000,
    });
    const list = await call(emu, 'GET', '/internal/api-keys', { accessType: 'admin' });
    expect((list.body as { items: { id: string }[] }).items[0]?.id).toBe(key.id);
    const project = () => call(emu, 'GET', '/projects/current', asClientWithKey(key.publishable_client_key));
    expect((await project()).status).toBe(200);
    emu.clock.advance(60_001);
    expect(errorCode(await project())).toBe('INVALID_PUBLISHABLE_CLIENT_KEY');

    const second = await call(emu, 'POST', '/internal/api-keys', {
      accessType: 'admin',
      json: { description: 'x', expires_at_millis: emu.clock.now() + 3_600_000, has_publishable_client_key: true, has_secret_server_key: false, has_super_secret_admin_key: false },
    });
    const pck = (second.body as { publishable_client_key: string }).publishable_client_key;
    const id = (second.body as { id: string }).id;
    expect((await call(emu, 'GET', '/projects/current', asClientWithKey(pck))).status).toBe(200);
    const revoked = await call(emu, 'PATCH', `/internal/api-keys/${id}`, { accessType: 'admin', json: { revoked: true, description: 'gone' } });
    expect(revoked.body).toMatchObject({ description: 'gone', manually_revoked_at_millis: expect.any(Number) });
    expect(errorCode(await call(emu, 'GET', '/projects/current', asClientWithKey(pck)))).toBe('INVALID_PUBLISHABLE_CLIENT_KEY');
    expect(errorCode(await call(emu, 'PATCH', `/internal/api-keys/${id}`, { accessType: 'admin', json: { revoked: false } }))).toBe('SCHEMA_ERROR');
    const missing = await call(emu, 'GET', `/internal/api-keys/${crypto.randomUUID()}`, { accessType: 'admin' });
    expect([missing.status, missing.body]).toEqual([404, { code: 'API_KEY_NOT_FOUND', error: 'API key not found.' }]);
  });
});

describe('e-mail templates, svix, metrics', () => {
  it('four defaults; customise; reset; reset again is 404 text; bad content is 400 text', async () => {
    const list = await call(emu, 'GET', '/email-templates', { accessType: 'admin' });
    const items = (list.body as { items: { type: string; subject: string; is_default: boolean }[] }).items;
    expect(items.map((t) => [t.type, t.subject, t.is_default])).toEqual([
      ['email_verification', 'Verify your email at {{ projectDisplayName }}', true],
      ['password_reset', 'Reset your password at {{ projectDisplayName }}', true],
      ['magic_link', 'Sign in to {{ projectDisplayName }}: Your code is {{ otp }}', true],
      ['team_invitation', 'You have been invited to join {{ teamDisplayName }}', true],
    ]);
    const updated = await call(emu, 'PATCH', '/email-templates/team_invitation', { accessType: 'admin', json: { subject: 'Join {{ teamDisplayName }}!' } });
    expect(updated.body).toMatchObject({ subject: 'Join {{ teamDisplayName }}!', type: 'team_invitation', is_default: false });
    expect(Object.keys(updated.body as object)).toEqual(['subject', 'content', 'type', 'is_default']);
    const bad = await call(emu, 'PATCH', '/email-templates/magic_link', { accessType: 'admin', json: { content: { nope: true } } });
    expect([bad.status, bad.text]).toEqual([400, 'Invalid email template content']);
    expect((await call(emu, 'DELETE', '/email-templates/team_invitation', { accessType: 'admin', json: {} })).body).toEqual({ success: true });
    expect((await call(emu, 'GET', '/email-templates/team_invitation', { accessType: 'admin' })).body).toMatchObject({ is_default: true });
    const again = await call(emu, 'DELETE', '/email-templates/team_invitation', { accessType: 'admin', json: {} });
    expect([again.status, again.text]).toEqual([404, 'Email template not found']);
  });

  it('svix token is 201', async () => {
    const r = await call(emu, 'POST', '/webhooks/svix-token', { accessType: 'admin', json: {} });
    expect([r.status, typeof (r.body as { token: unknown }).token]).toEqual([201, 'string']);
  });

  it('metrics count sign-ups and active users per UTC day from stored activity', async () => {
    const before = (await call(emu, 'GET', '/internal/metrics', { accessType: 'admin' })).body as {
      total_users: number;
      daily_users: { date: string; activity: number }[];
      daily_active_users: { date: string; activity: number }[];
    };
    const u = await signUp(emu);
    await call(emu, 'POST', '/auth/password/sign-in', { json: { email: u.email, password: u.password } });
    const after = (await call(emu, 'GET', '/internal/metrics', { accessType: 'admin' })).body as typeof before & {
      recently_registered: { id: string }[];
      recently_active: { id: string }[];
      login_methods: { method: string; count: number }[];
      users_by_country: object;
    };
    expect(after.daily_users).toHaveLength(31);
    expect(after.total_users).toBe(before.total_users + 1);
    const today = new Date(emu.clock.now()).toISOString().slice(0, 10);
    expect(after.daily_users.at(-1)).toEqual({ date: today, activity: (before.daily_users.at(-1)?.activity ?? 0) + 1 });
    expect(after.daily_active_users.at(-1)?.activity).toBe((before.daily_active_users.at(-1)?.activity ?? 0) + 1);
    expect(after.recently_registered[0]?.id).toBe(u.userId);
    expect(after.recently_active[0]?.id).toBe(u.userId);
    expect(after.login_methods).toContainEqual({ method: 'password', count: expect.any(Number) });
    expect(after.users_by_country).toEqual({});
  });
});

describe('projects', () => {
  it('internal users create and list owned projects; the owner admin access token manages them; delete', async () => {
    const owner = await signUp(emu, { project: INTERNAL_PROJECT });
    const internalClient = { accessType: 'client' as const, headers: {} };
    const asOwner = (method: string, path: string, json?: unknown) =>
      emu
        .fetch(`/api/v1${path}`, {
          method,
          accessType: internalClient.accessType,
          project: INTERNAL_PROJECT,
          headers: { 'x-stack-access-token': owner.accessToken },
          ...(json === undefined ? {} : { json }),
        })
        .then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown>, headers: r.headers }));
    const created = await asOwner('POST', '/internal/projects', { display_name: 'Mine', config: { magic_link_enabled: true, domains: [{ domain: 'https://app.example.com', handler_path: '/handler' }] } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      display_name: 'Mine',
      description: '',
      user_count: 0,
      is_production_mode: false,
      config: {
        allow_localhost: true,
        sign_up_enabled: true,
        credential_enabled: true,
        magic_link_enabled: true,
        domains: [{ domain: 'https://app.example.com', handler_path: '/handler' }],
        team_creator_default_permissions: [{ id: 'admin' }],
        team_member_default_permissions: [{ id: 'member' }],
      },
    });
    const projectId = created.body.id as string;
    await asOwner('POST', '/internal/projects', { display_name: 'Second' });
    const list = await asOwner('GET', '/internal/projects');
    expect((list.body.items as { display_name: string }[]).map((p) => p.display_name)).toEqual(['Second', 'Mine']);
    const adminHeaders = { 'x-stack-project-id': projectId, 'x-stack-access-type': 'admin', 'x-stack-admin-access-token': owner.accessToken };
    const patched = await emu.fetch('/api/v1/projects/current', { method: 'PATCH', headers: adminHeaders, json: { display_name: 'Renamed', config: { client_team_creation_enabled: true } } });
    expect(await patched.json()).toMatchObject({ id: projectId, display_name: 'Renamed', config: { client_team_creation_enabled: true, magic_link_enabled: true } });
    const defs = await emu.fetch('/api/v1/team-permission-definitions', { headers: adminHeaders });
    expect(((await defs.json()) as { items: { id: string }[] }).items.map((d) => d.id)).toContain('member');
    const noProviders = await emu.fetch('/api/v1/projects/current', { method: 'PATCH', headers: adminHeaders, json: { config: { oauth_providers: [{ id: 'nope', enabled: true, type: 'shared' }] } } });
    expect(noProviders.headers.get('x-stack-known-error')).toBe('INVALID_SHARED_OAUTH_PROVIDER_ID');
    const deleted = await emu.fetch('/api/v1/projects/current', { method: 'DELETE', headers: adminHeaders, json: {} });
    expect(await deleted.json()).toEqual({ success: true });
    expect(((await asOwner('GET', '/internal/projects')).body.items as unknown[]).length).toBe(1);
    const denied = await call(emu, 'GET', '/internal/projects', { token: (await signUp(emu)).accessToken });
    expect(errorCode(denied)).toBe('EXPECTED_INTERNAL_PROJECT');
    const anonymous = await emu.fetch('/api/v1/internal/projects', { accessType: 'client', project: INTERNAL_PROJECT });
    expect(anonymous.headers.get('x-stack-known-error')).toBe('USER_AUTHENTICATION_REQUIRED');
  });

  it('PATCH must list every existing OAuth provider', async () => {
    const r = await call(emu, 'PATCH', '/projects/current', { accessType: 'admin', json: { config: { oauth_providers: [{ id: 'github', enabled: true, type: 'shared' }] } } });
    expect([r.status, r.text]).toEqual([400, "Provider with id 'google' not found in the update"]);
  });
});
