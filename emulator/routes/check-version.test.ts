import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../runtime/protocol/endpoints.ts';
import { createTestEmulator, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { call, errorCode } from '../../testing/emulator/requests.ts';
import { checkClientVersion, EMULATED_BACKEND_VERSION } from './check-version.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(() => emu.close());

async function checkVersion(body: unknown): Promise<{ status: number; body: unknown; known: string | null }> {
  // No project auth at all (the route's access is "none").
  const res = await emu.fetch('/api/v1/check-version', { method: 'POST', json: body });
  return { status: res.status, body: (await res.json()) as unknown, known: res.headers.get('x-stack-known-error') };
}

describe('POST /check-version', () => {
  it('answers {upToDate:true} for the emulated backend version, without project auth', async () => {
    const res = await checkVersion({ clientVersion: EMULATED_BACKEND_VERSION });
    expect(res).toEqual({ status: 200, body: { upToDate: true }, known: null });
    expect(ENDPOINTS.checkVersion.response.parse(res.body)).toEqual({ upToDate: true });
  });

  it('an older patch is outdated but not severe; another minor or no semver is severe', async () => {
    const older = await checkVersion({ clientVersion: '2.7.1' });
    expect(older.status).toBe(200);
    expect(older.body).toEqual({ upToDate: false, severe: false, error: expect.stringContaining('v2.7.1') as unknown });
    expect(ENDPOINTS.checkVersion.response.safeParse(older.body).success).toBe(true);
    const otherMinor = await checkVersion({ clientVersion: '2.6.30' });
    expect(otherMinor.body).toMatchObject({ upToDate: false, severe: true });
    const garbage = await checkVersion({ clientVersion: 'latest' });
    expect(garbage.body).toEqual({ upToDate: false, severe: true, error: expect.stringContaining('is not a valid semver version') as unknown });
  });

  it('also answers with project headers present', async () => {
    const r = await call(emu, 'POST', '/check-version', { accessType: 'client', json: { clientVersion: EMULATED_BACKEND_VERSION } });
    expect(r.status).toBe(200);
    expect(errorCode(r)).toBeNull();
    expect(r.body).toEqual({ upToDate: true });
  });

  it('validates the body like any smart route', async () => {
    const missing = await checkVersion({});
    expect(missing.known).toBe('SCHEMA_ERROR');
    expect((missing.body as { error: string }).error).toContain('body.clientVersion must be defined');
    const extra = await checkVersion({ clientVersion: '2.7.16', sdk: 'js' });
    expect(extra.known).toBe('SCHEMA_ERROR');
    expect((extra.body as { error: string }).error).toContain('body contains unknown properties: sdk');
  });
});

describe('checkClientVersion', () => {
  it('orders versions by semver precedence', () => {
    expect(checkClientVersion('2.7.17')).toEqual({ upToDate: true });
    expect(checkClientVersion('v2.7.16')).toEqual({ upToDate: true });
    expect(checkClientVersion('2.7.16-rc.1')).toMatchObject({ upToDate: false, severe: false });
    expect(checkClientVersion('2.7.9', '2.7.10')).toMatchObject({ upToDate: false, severe: false });
    expect(checkClientVersion('3.7.16')).toMatchObject({ upToDate: false, severe: true });
    expect(checkClientVersion('2.7')).toMatchObject({ upToDate: false, severe: true });
  });
});
