import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, type TestEmulator } from '../../testing/emulator/emulator.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(async () => {
  await emu.close();
});

const SUFFIX = 'is not yet supported. Please reach out to Stack support for more information.';
const check = (init: Parameters<TestEmulator['fetch']>[1]) => emu.fetch('/api/v1/check-feature-support', { method: 'POST', ...init });

describe('POST /check-feature-support', () => {
  it('answers 200 text naming body.feature_name, with or without project auth', async () => {
    const withAuth = await check({ accessType: 'client', json: { feature_name: 'sendVerificationEmail', anything: 1 } });
    expect(withAuth.status).toBe(200);
    expect(withAuth.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await withAuth.text()).toBe(`sendVerificationEmail ${SUFFIX}`);
    const anonymous = await check({ json: { feature_name: 'rsc-handler-signIn' } });
    expect(await anonymous.text()).toBe(`rsc-handler-signIn ${SUFFIX}`);
  });

  it('"This feature" without feature_name (the SDK\'s `name` is not read) or with null; other values as text', async () => {
    for (const json of [{ name: 'sendVerificationEmail' }, {}, { feature_name: null }, 'just text']) {
      expect(await (await check({ json })).text()).toBe(`This feature ${SUFFIX}`);
    }
    expect(await (await check({})).text()).toBe(`This feature ${SUFFIX}`);
    expect(await (await check({ json: { feature_name: 42 } })).text()).toBe(`42 ${SUFFIX}`);
  });
});
