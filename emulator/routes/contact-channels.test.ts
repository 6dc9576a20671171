import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, latestCode, outbox, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator({ dialect: '2.7' });
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

describe('POST /contact-channels/{user_id}/{contact_channel_id}/send-verification-code', () => {
  const send = (userId: string, channelId: string, init: { accessType: 'client' | 'server'; token?: string }) =>
    emu.fetch(`/api/v1/contact-channels/${userId}/${channelId}/send-verification-code`, {
      method: 'POST',
      accessType: init.accessType,
      headers: init.token ? as(init.token) : {},
      json: { callback_url: CALLBACK },
    });
  const channels = async (token: string) =>
    ((await (await emu.fetch('/api/v1/contact-channels?user_id=me', { accessType: 'client', headers: as(token) })).json()) as { items: { id: string; value: string; is_verified: boolean }[] }).items;

  it('sends a code for the own channel (me or the own id); the code verifies exactly that channel', async () => {
    const u = await signUp(emu);
    const created = await emu.fetch('/api/v1/contact-channels', {
      method: 'POST',
      accessType: 'client',
      headers: as(u.accessToken),
      json: { user_id: 'me', value: `second-${u.email}`, type: 'email', used_for_auth: false },
    });
    const second = (await created.json()) as { id: string; value: string };
    for (const userId of ['me', u.userId]) {
      const res = await send(userId, second.id, { accessType: 'client', token: u.accessToken });
      expect([res.status, await res.json()]).toEqual([200, { success: true }]);
    }
    const mails = await outbox(emu, second.value);
    expect(mails.map((m) => m.subject)).toEqual(['Verify your email at Demo', 'Verify your email at Demo']);
    const code = await latestCode(emu, second.value);
    expect(await (await emu.fetch('/api/v1/contact-channels/verify', { method: 'POST', accessType: 'client', json: { code } })).json()).toEqual({ success: true });
    expect((await channels(u.accessToken)).map((c) => [c.value, c.is_verified])).toEqual([
      [u.email, false],
      [second.value, true],
    ]);
    const again = await send('me', second.id, { accessType: 'client', token: u.accessToken });
    expect([again.status, await again.json()]).toEqual([409, { code: 'EMAIL_ALREADY_VERIFIED', error: 'The e-mail is already verified.' }]);
  });

  it("a client naming another user: 400 text; server: any user, USER_ID_DOES_NOT_EXIST for an unknown one", async () => {
    const a = await signUp(emu);
    const b = await signUp(emu);
    const [channelOfA] = await channels(a.accessToken);
    const denied = await send(a.userId, channelOfA?.id ?? '', { accessType: 'client', token: b.accessToken });
    expect(denied.status).toBe(400);
    expect(denied.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await denied.text()).toBe('Can only send verification code for your own user');
    const before = (await outbox(emu, a.email)).length;
    const server = await send(a.userId, channelOfA?.id ?? '', { accessType: 'server' });
    expect(await server.json()).toEqual({ success: true });
    expect(await outbox(emu, a.email)).toHaveLength(before + 1);
    const missing = '6a0f1b4e-3d1c-4a9b-8e2f-7c5d0a1b2c3d';
    expect(await (await send(missing, channelOfA?.id ?? '', { accessType: 'server' })).json()).toEqual({
      code: 'USER_ID_DOES_NOT_EXIST',
      details: { user_id: missing },
      error: `The given user with the ID ${missing} does not exist.`,
    });
  });
});

describe('POST /contact-channels/send-verification-code (deprecated)', () => {
  const sendLegacy = (token: string, email: string) =>
    emu.fetch('/api/v1/contact-channels/send-verification-code', { method: 'POST', accessType: 'client', headers: as(token), json: { email, callback_url: CALLBACK } });

  it('sends a new verification e-mail for the primary e-mail; its code verifies it', async () => {
    const u = await signUp(emu);
    const res = await sendLegacy(u.accessToken, u.email);
    expect([res.status, await res.json()]).toEqual([200, { success: true }]);
    const mails = await outbox(emu, u.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe('Verify your email at Demo');
    const code = await latestCode(emu, u.email);
    expect(await (await emu.fetch('/api/v1/contact-channels/verify', { method: 'POST', accessType: 'client', json: { code } })).json()).toEqual({ success: true });
    const me = await emu.fetch('/api/v1/users/me', { accessType: 'client', headers: as(u.accessToken) });
    expect(((await me.json()) as { primary_email_verified: boolean }).primary_email_verified).toBe(true);
  });

  it('EMAIL_IS_NOT_PRIMARY_EMAIL for any other address', async () => {
    const u = await signUp(emu);
    const other = `other-${u.email}`;
    const res = await sendLegacy(u.accessToken, other);
    expect(res.status).toBe(400);
    expect(res.headers.get('x-stack-known-error')).toBe('EMAIL_IS_NOT_PRIMARY_EMAIL');
    expect(await res.json()).toEqual({
      code: 'EMAIL_IS_NOT_PRIMARY_EMAIL',
      details: { email: other, primary_email: u.email },
      error: `The given e-mail (${other}) must equal the user's primary e-mail (${u.email}).`,
    });
    expect(await outbox(emu, other)).toEqual([]);
  });
});

