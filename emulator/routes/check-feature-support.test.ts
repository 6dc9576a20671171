import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, type TestEmulator } from '../test-support/emulator.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(async () => {
  await emu.close();
});

describe('POST /check-feature-support', () => {
  it('answers 200 text naming the feature, with or without project auth', async () => {
    const withAuth = await emu.fetch('/api/v1/check-feature-support', { method: 'POST', accessType: 'client', json: { name: 'sendVerificationEmail', anything: 1 } });
    expect(withAuth.status).toBe(200);
    expect(withAuth.headers.get('content-type')).toContain('text/plain');
    expect(await withAuth.text()).toBe('sendVerificationEmail is not yet supported. Please reach out to Stack support for more information.');
    const anonymous = await emu.fetch('/api/v1/check-feature-support', { method: 'POST', json: {} });
    expect(anonymous.status).toBe(200);
    expect(await anonymous.text()).toContain('is not yet supported');
  });
});
