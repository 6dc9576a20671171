// The published development keys are not a browser's key to every account (issue 32.2): server and admin access
// with a browser Origin is refused unless allowed, preflights of other origins do not offer the secret-key headers,
// and client access from any origin is unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { projectHeaders } from '../../testing/emulator/project-headers.ts';
import { parseAllowedOrigins } from './key-origins.ts';

const ALLOWED = 'http://localhost:5173';
const FOREIGN = 'http://localhost:4000';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator({ allowedOrigins: [ALLOWED] });
});
afterAll(() => emu.close());

const request = (path: string, accessType: 'client' | 'server' | 'admin', origin: string | null, init: { method?: string; json?: unknown } = {}) =>
  emu.fetch(`/api/v1${path}`, { method: init.method ?? 'GET', accessType, ...(init.json === undefined ? {} : { json: init.json }), headers: origin === null ? {} : { origin } });

describe('server and admin access from browser origins', () => {
  it('a foreign page with the server key can neither list users nor mint a session for one: 403, nothing created', async () => {
    const victim = await signUp(emu);
    const list = await request('/users', 'server', FOREIGN);
    expect(list.status).toBe(403);
    expect(await list.text()).toMatch(/refuses server access from the browser origin "http:\/\/localhost:4000".*--allow-origin/);
    const before = await emu.db.selectFrom('refresh_tokens').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', victim.userId).executeTakeFirstOrThrow();
    const mint = await request('/auth/sessions', 'server', FOREIGN, { method: 'POST', json: { user_id: victim.userId } });
    expect(mint.status).toBe(403);
    const after = await emu.db.selectFrom('refresh_tokens').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', victim.userId).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    // The answer still carries CORS, so the page's developer can read why.
    expect(mint.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('admin keys and the origin "null" (sandboxed frames, file: pages) are refused the same way', async () => {
    expect((await request('/projects/current', 'admin', FOREIGN)).status).toBe(403);
    expect((await request('/projects/current', 'admin', 'null')).status).toBe(403);
    expect((await request('/users', 'server', 'not a url')).status).toBe(403);
  });

  it('tools and servers (no Origin) and the allowed origin keep server and admin access', async () => {
    expect((await request('/users', 'server', null)).status).toBe(200);
    expect((await request('/users', 'server', ALLOWED)).status).toBe(200);
    expect((await request('/users', 'server', `${ALLOWED}/`)).status).toBe(403);
    expect((await request('/projects/current', 'admin', ALLOWED)).status).toBe(200);
  });

  it('client access works from any origin', async () => {
    const res = await request('/projects/current', 'client', FOREIGN);
    expect(res.status).toBe(200);
  });
});

describe('CORS preflights', () => {
  const preflight = (origin: string, requested: string) =>
    emu.app.request('http://localhost:8102/api/v1/users', { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': requested } });
  const allowed = async (origin: string, requested: string) => ((await preflight(origin, requested)).headers.get('access-control-allow-headers') ?? '').split(', ');

  it('do not offer the secret-key headers to other origins, in either dialect; the allowed origin gets them', async () => {
    for (const prefix of ['x-stack-', 'x-hexclave-']) {
      const requested = `${prefix}project-id, ${prefix}secret-server-key`;
      const foreign = await allowed(FOREIGN, requested);
      expect(foreign).toContain(`${prefix}project-id`);
      expect(foreign).toContain(`${prefix}publishable-client-key`);
      for (const secret of ['secret-server-key', 'super-secret-admin-key', 'admin-access-token']) expect(foreign).not.toContain(`${prefix}${secret}`);
      const own = await allowed(ALLOWED, requested);
      expect(own).toContain(`${prefix}secret-server-key`);
      expect(own).toContain(`${prefix}super-secret-admin-key`);
    }
  });
});

it('--allow-origin takes origins only', () => {
  expect(parseAllowedOrigins(['http://localhost:5173', 'https://app.example.com'])).toEqual(['http://localhost:5173', 'https://app.example.com']);
  for (const bad of ['localhost:5173', 'http://localhost:5173/admin', 'null', 'ftp://x.example', '*']) expect(() => parseAllowedOrigins([bad])).toThrow(/not an origin/);
});

it('projectHeaders still work without an Origin (the server SDK case)', () => {
  expect(projectHeaders('server')['x-stack-access-type']).toBe('server');
});
