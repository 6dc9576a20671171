import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { DEMO_PROJECT, INTERNAL_PROJECT, SEED_CREATED_AT_MILLIS } from '../domain/seed.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator({ dialect: '2.7' });
});
afterAll(() => emu.close());

describe('GET /projects/current', () => {
  it('client and server keys get the client view', async () => {
    for (const accessType of ['client', 'server'] as const) {
      const res = await emu.fetch('/api/v1/projects/current', { accessType });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        id: DEMO_PROJECT.id,
        display_name: 'Demo',
        config: {
          sign_up_enabled: true,
          credential_enabled: true,
          magic_link_enabled: true,
          passkey_enabled: false,
          client_team_creation_enabled: true,
          client_user_deletion_enabled: true,
          enabled_oauth_providers: [{ id: 'github' }, { id: 'google' }],
        },
      });
    }
    const internal = await emu.fetch('/api/v1/projects/current', { accessType: 'client', project: INTERNAL_PROJECT });
    expect(((await internal.json()) as { config: { enabled_oauth_providers: unknown } }).config.enabled_oauth_providers).toEqual([
      { id: 'github' },
      { id: 'google' },
      { id: 'microsoft' },
      { id: 'spotify' },
    ]);
  });

  it('the admin key gets the admin view', async () => {
    await signUp(emu);
    const res = await emu.fetch('/api/v1/projects/current', { accessType: 'admin' });
    expect(await res.json()).toEqual({
      id: DEMO_PROJECT.id,
      display_name: 'Demo',
      description: '',
      created_at_millis: SEED_CREATED_AT_MILLIS,
      user_count: 1,
      is_production_mode: false,
      config: {
        id: '0b7e4d1a-3c9f-4e2b-8a6d-5f1c9e3b7a20',
        allow_localhost: true,
        sign_up_enabled: true,
        credential_enabled: true,
        magic_link_enabled: true,
        passkey_enabled: false,
        legacy_global_jwt_signing: false,
        client_team_creation_enabled: true,
        client_user_deletion_enabled: true,
        create_team_on_sign_up: false,
        oauth_providers: [
          { id: 'github', enabled: true, type: 'shared' },
          { id: 'google', enabled: true, type: 'shared' },
        ],
        enabled_oauth_providers: [{ id: 'github' }, { id: 'google' }],
        domains: [],
        email_config: { type: 'shared' },
        team_creator_default_permissions: [{ id: 'admin' }],
        team_member_default_permissions: [{ id: 'member' }],
      },
    });
  });

  it('the current dialect adds allow_localhost and domains', async () => {
    const res = await emu.fetch('/api/v1/projects/current', {
      headers: {
        'x-hexclave-project-id': DEMO_PROJECT.id,
        'x-hexclave-access-type': 'client',
        'x-hexclave-publishable-client-key': DEMO_PROJECT.publishableClientKey,
      },
    });
    expect(((await res.json()) as { config: Record<string, unknown> }).config).toMatchObject({ allow_localhost: true, domains: [] });
  });
});

describe('GET /projects/{id}/.well-known/jwks.json', () => {
  it('publishes one ES256 key per project; unknown project -> 404 text', async () => {
    const res = await emu.fetch(`/api/v1/projects/${DEMO_PROJECT.id}/.well-known/jwks.json`);
    const body = (await res.json()) as { keys: Record<string, string>[] };
    expect(body.keys).toHaveLength(1);
    expect(Object.keys(body.keys[0] ?? {})).toEqual(['kty', 'alg', 'crv', 'kid', 'x', 'y']);
    expect(body.keys[0]).toMatchObject({ kty: 'EC', alg: 'ES256', crv: 'P-256' });
    expect(body.keys[0]?.kid).toHaveLength(12);
    const missing = await emu.fetch('/api/v1/projects/nope/.well-known/jwks.json');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('Project not found');
  });
});

describe('PATCH /projects/current', () => {
  it('400 text "Duplicated domain found" for a domain listed twice (whatever the handler paths); nothing is stored', async () => {
    const admin = (init: Parameters<TestEmulator['fetch']>[1]) => emu.fetch('/api/v1/projects/current', { accessType: 'admin', ...init });
    const domain = 'https://trusted-domain.example.com';
    const res = await admin({
      method: 'PATCH',
      json: { config: { domains: [{ domain, handler_path: '/handler' }, { domain, handler_path: '/handler2' }] } },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe('Duplicated domain found');
    const project = (await (await admin({})).json()) as { config: { domains: { domain: string }[] } };
    expect(project.config.domains.map((d) => d.domain)).not.toContain(domain);
  });
});
