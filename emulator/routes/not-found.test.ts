// The 404 text of an unknown /api path (issue 19): the 2.7 wording for x-stack callers, the current one for
// x-hexclave callers; the status override applies to both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { DEMO_PROJECT } from '../domain/seed.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator({ dialect: '2.7' });
});
afterAll(() => emu.close());

describe('unknown /api paths', () => {
  it('x-stack callers get the docs-and-dashboard text (overridden to 200 with the header)', async () => {
    const res = await emu.fetch('/api/v1/no/such/route?q=1', { accessType: 'client', headers: { 'x-stack-override-error-status': 'true' } });
    expect([res.status, res.headers.get('x-stack-actual-status'), res.headers.get('content-type')]).toEqual([200, '404', 'text/plain; charset=utf-8']);
    expect(await res.text()).toBe(
      [
        "404 — this page does not exist in Stack Auth's API.",
        '',
        'Please see the API documentation at https://docs.stack-auth.com, or visit the Stack Auth dashboard at https://app.stack-auth.com.',
        '',
        'URL: http://localhost:8102/api/v1/no/such/route?q=1',
      ].join('\n'),
    );
  });

  it('x-hexclave callers keep the current text', async () => {
    const res = await emu.fetch('/api/v1/no/such/route', { headers: { 'x-hexclave-project-id': DEMO_PROJECT.id } });
    expect([res.status, await res.text()]).toEqual([
      404,
      "404 — this page does not exist in Stack Auth's API.\n\nDid you mean to visit https://app.stack-auth.com?\n\nURL: http://localhost:8102/api/v1/no/such/route",
    ]);
  });
});
