// /internal/metrics users_by_country (issue 19): each user counts once, under the country of their latest
// activity event that named one, read from x-vercel-ip-country or cf-ipcountry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(() => emu.close());

async function usersByCountry(): Promise<Record<string, number>> {
  const res = await emu.fetch('/api/v1/internal/metrics', { accessType: 'admin' });
  return ((await res.json()) as { users_by_country: Record<string, number> }).users_by_country;
}

async function refresh(refreshToken: string, headers: Record<string, string>): Promise<void> {
  emu.clock.advance(1_000);
  const res = await emu.fetch('/api/v1/auth/sessions/current/refresh', { method: 'POST', accessType: 'client', headers: { 'x-stack-refresh-token': refreshToken, ...headers } });
  expect(res.status).toBe(200);
}

describe('GET /internal/metrics users_by_country', () => {
  it('counts users by the country of their latest event, from either header', async () => {
    expect(await usersByCountry()).toEqual({});
    await signUp(emu, { headers: { 'x-vercel-ip-country': 'DE' } });
    await signUp(emu, { headers: { 'cf-ipcountry': 'fr' } });
    const traveller = await signUp(emu, { headers: { 'x-vercel-ip-country': 'US' } });
    await refresh(traveller.refreshToken, { 'cf-ipcountry': 'JP' });
    // A later event without a country keeps the last known one; a malformed header names none.
    await refresh(traveller.refreshToken, {});
    await signUp(emu, { headers: { 'x-vercel-ip-country': 'not-a-country' } });
    await signUp(emu);
    expect(await usersByCountry()).toEqual({ DE: 1, FR: 1, JP: 1 });
  });
});
