import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, latestCode, signUp, type TestEmulator } from '../test-support/emulator.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(() => emu.close());

const CALLBACK = 'http://localhost:3000/handler/email-verification';
const as = (token: string) => ({ 'x-stack-access-token': token });

describe('contact channels', () => {
  it('lists the primary channel of a new user', async () => {
    const u = await signUp(emu);
    const res = await emu.fetch('/api/v1/contact-channels?user_id=me', { accessType: 'client', headers: as(u.accessToken) });
    expect(await res.json()).toEqual({
      items: [{ user_id: u.userId, id: expect.any(String) as unknown, value: u.email, type: 'email', used_for_auth: true, is_verified: false, is_primary: true }],
      is_paginated: false,
    });
  });

  it('verifies the sign-up e-mail with the code from the outbox', async () => {
    const u = await signUp(emu);
    const code = await latestCode(emu, u.email);
    expect(await (await emu.fetch('/api/v1/contact-channels/verify/check-code', { method: 'POST', accessType: 'client', json: { code } })).json()).toEqual({ is_code_valid: true });
    expect(await (await emu.fetch('/api/v1/contact-channels/verify', { method: 'POST', accessType: 'client', json: { code } })).json()).toEqual({ success: true });
    const me = await emu.fetch('/api/v1/users/me', { accessType: 'client', headers: as(u.accessToken) });
    expect(((await me.json()) as { primary_email_verified: boolean }).primary_email_verified).toBe(true);
    const resend = await emu.fetch('/api/v1/contact-channels/send-verification-code', {
      method: 'POST',
      accessType: 'client',
      headers: as(u.accessToken),
      json: { email: u.email, callback_url: CALLBACK },
    });
    expect(resend.status).toBe(409);
    expect(await resend.json()).toEqual({ code: 'EMAIL_ALREADY_VERIFIED', error: 'The e-mail is already verified.' });
  });

  it('creates (201), updates, demotes primaries and deletes', async () => {
    const u = await signUp(emu);
    const created = await emu.fetch('/api/v1/contact-channels', {
      method: 'POST',
      accessType: 'client',
      headers: as(u.accessToken),
      json: { user_id: 'me', value: `second-${u.email}`, type: 'email', used_for_auth: false, is_primary: true },
    });
    expect(created.status).toBe(201);
    const channel = (await created.json()) as { id: string; is_primary: boolean };
    expect(channel.is_primary).toBe(true);
    const list = (await (await emu.fetch('/api/v1/contact-channels?user_id=me', { accessType: 'client', headers: as(u.accessToken) })).json()) as { items: { is_primary: boolean }[] };
    expect(list.items.map((c) => c.is_primary)).toEqual([false, true]);
    const dup = await emu.fetch('/api/v1/contact-channels', {
      method: 'POST',
      accessType: 'client',
      headers: as(u.accessToken),
      json: { user_id: 'me', value: u.email, type: 'email', used_for_auth: false },
    });
    expect(dup.status).toBe(400);
    expect(await dup.text()).toBe('Contact channel already exists');
    const patched = await emu.fetch(`/api/v1/contact-channels/me/${channel.id}`, { method: 'PATCH', accessType: 'client', headers: as(u.accessToken), json: { used_for_auth: true } });
    expect(((await patched.json()) as { used_for_auth: boolean }).used_for_auth).toBe(true);
    const deleted = await emu.fetch(`/api/v1/contact-channels/me/${channel.id}`, { method: 'DELETE', accessType: 'client', headers: as(u.accessToken) });
    expect(await deleted.json()).toEqual({ success: true });
    const gone = await emu.fetch(`/api/v1/contact-channels/me/${channel.id}`, { accessType: 'client', headers: as(u.accessToken) });
    expect(gone.status).toBe(404);
    expect(await gone.text()).toBe('Contact channel not found');
  });

  it('auth e-mail used by someone else -> 409; client on another user -> 403; client is_verified -> SCHEMA_ERROR', async () => {
    const a = await signUp(emu);
    const b = await signUp(emu);
    const clash = await emu.fetch('/api/v1/contact-channels', {
      method: 'POST',
      accessType: 'client',
      headers: as(b.accessToken),
      json: { user_id: 'me', value: a.email, type: 'email', used_for_auth: true },
    });
    expect(clash.status).toBe(409);
    expect(await clash.json()).toEqual({
      code: 'CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE',
      details: { type: 'email' },
      error: 'This email is already used for authentication by another account.',
    });
    const other = await emu.fetch(`/api/v1/contact-channels?user_id=${a.userId}`, { accessType: 'client', headers: as(b.accessToken) });
    expect(other.status).toBe(403);
    expect(await other.text()).toBe('Client can only list contact channels for their own user.');
    const verified = await emu.fetch('/api/v1/contact-channels', {
      method: 'POST',
      accessType: 'client',
      headers: as(b.accessToken),
      json: { user_id: 'me', value: 'v@example.com', type: 'email', used_for_auth: false, is_verified: true },
    });
    expect(((await verified.json()) as { error: string }).error).toBe(
      'Request validation failed on POST /api/v1/contact-channels:\n  - body contains unknown properties: is_verified',
    );
  });
});
