// PATCH /projects/current refuses malformed config with SCHEMA_ERROR lines worded as the backend's (issue 19).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, type TestEmulator } from '../../testing/emulator/emulator.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(() => emu.close());

async function patchConfig(config: Record<string, unknown>) {
  const res = await emu.fetch('/api/v1/projects/current', { method: 'PATCH', accessType: 'admin', json: { config } });
  return { status: res.status, code: res.headers.get('x-stack-known-error'), body: (await res.json()) as { error?: string; config?: Record<string, unknown> } };
}

const schemaError = (...lines: string[]) => ({
  status: 400,
  code: 'SCHEMA_ERROR',
  body: {
    code: 'SCHEMA_ERROR',
    details: { message: `Request validation failed on PATCH /api/v1/projects/current:\n${lines.map((l) => `  - ${l}`).join('\n')}` },
    error: `Request validation failed on PATCH /api/v1/projects/current:\n${lines.map((l) => `  - ${l}`).join('\n')}`,
  },
});

const SMTP = { host: 'smtp.example.com', port: 587, username: 'u', password: 'p', sender_name: 'Demo', sender_email: 'noreply@example.com' };

describe('PATCH /projects/current validation', () => {
  it('a trusted domain must be http(s)', async () => {
    expect(await patchConfig({ domains: [{ domain: 'ftp://files.example.com', handler_path: '/handler' }] })).toEqual(
      schemaError('URL must start with http:// or https://'),
    );
    const ok = await patchConfig({ domains: [{ domain: 'http://app.example.com', handler_path: '/handler' }] });
    expect(ok.status).toBe(200);
  });

  it('an empty SMTP host', async () => {
    expect(await patchConfig({ email_config: { type: 'standard', ...SMTP, host: '' } })).toEqual(schemaError('body.config.email_config.host must not be empty'));
  });

  it('a standard e-mail config names every missing field', async () => {
    expect(await patchConfig({ email_config: { type: 'standard', host: 'smtp.example.com', sender_name: 'Demo' } })).toEqual(
      schemaError(
        'body.config.email_config.port must be defined',
        'body.config.email_config.username must be defined',
        'body.config.email_config.password must be defined',
        'body.config.email_config.sender_email must be defined',
      ),
    );
    const shared = await patchConfig({ email_config: { type: 'shared' } });
    expect(shared.status).toBe(200);
    const standard = await patchConfig({ email_config: { type: 'standard', ...SMTP } });
    expect([standard.status, standard.body.config?.email_config]).toEqual([200, { type: 'standard', ...SMTP }]);
  });

  it('an empty OAuth client secret', async () => {
    const providers = [
      { id: 'github', enabled: true, type: 'standard', client_id: 'id', client_secret: '' },
      { id: 'google', enabled: true, type: 'shared' },
    ];
    expect(await patchConfig({ oauth_providers: providers })).toEqual(schemaError('body.config.oauth_providers[0].client_secret must not be empty'));
  });
});
