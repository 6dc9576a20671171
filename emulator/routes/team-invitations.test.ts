import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, latestCode, outbox, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { call, errorCode } from '../../testing/emulator/requests.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(() => emu.close());

const CALLBACK = 'http://localhost:3000/handler/team-invitation';

describe('team invitations', () => {
  it('send (e-mail with the link), list, check, details, accept (member defaults), then the code is used', async () => {
    const owner = await signUp(emu);
    const team = (await call(emu, 'POST', '/teams', { token: owner.accessToken, json: { display_name: 'Rowers', creator_user_id: 'me' } })).body as { id: string };
    const invitee = `invitee-${crypto.randomUUID()}@example.com`;
    const sent = await call(emu, 'POST', '/team-invitations/send-code', { token: owner.accessToken, json: { email: invitee, team_id: team.id, callback_url: CALLBACK } });
    expect(sent.body).toEqual({ success: true, id: expect.any(String) });
    const mail = (await outbox(emu, invitee)).at(-1);
    expect(mail?.subject).toBe('You have been invited to join Rowers');
    expect(mail?.text).toContain(`${CALLBACK}?code=`);
    const list = await call(emu, 'GET', `/team-invitations?team_id=${team.id}`, { token: owner.accessToken });
    expect(list.body).toEqual({
      items: [{ id: (sent.body as { id: string }).id, team_id: team.id, expires_at_millis: expect.any(Number), recipient_email: invitee }],
      is_paginated: false,
    });
    const code = await latestCode(emu, invitee);
    expect((await call(emu, 'POST', '/team-invitations/accept/check-code', { json: { code } })).body).toEqual({ is_code_valid: true });
    expect(errorCode(await call(emu, 'POST', '/team-invitations/accept/details', { json: { code } }))).toBe('USER_AUTHENTICATION_REQUIRED');
    const joiner = await signUp(emu);
    expect((await call(emu, 'POST', '/team-invitations/accept/details', { token: joiner.accessToken, json: { code } })).body).toEqual({
      team_id: team.id,
      team_display_name: 'Rowers',
    });
    expect((await call(emu, 'POST', '/team-invitations/accept', { token: joiner.accessToken, json: { code } })).body).toEqual({});
    const perms = await call(emu, 'GET', `/team-permissions?team_id=${team.id}&user_id=me`, { token: joiner.accessToken });
    expect((perms.body as { items: { id: string }[] }).items.map((p) => p.id)).toEqual(['member']);
    const reused = await call(emu, 'POST', '/team-invitations/accept', { token: joiner.accessToken, json: { code } });
    expect([reused.status, errorCode(reused)]).toEqual([409, 'VERIFICATION_CODE_ALREADY_USED']);
    expect((await call(emu, 'GET', `/team-invitations?team_id=${team.id}`, { accessType: 'server' })).body).toEqual({ items: [], is_paginated: false });
  });

  it('permissions: $invite_members to send, $read_members+$invite_members to list, $remove_members to revoke', async () => {
    const owner = await signUp(emu);
    const member = await signUp(emu);
    const team = (await call(emu, 'POST', '/teams', { token: owner.accessToken, json: { display_name: 'Q', creator_user_id: 'me' } })).body as { id: string };
    await call(emu, 'POST', `/team-memberships/${team.id}/${member.userId}`, { accessType: 'server', json: {} });
    const sent = await call(emu, 'POST', '/team-invitations/send-code', { token: member.accessToken, json: { email: 'a@example.com', team_id: team.id, callback_url: CALLBACK } });
    expect(sent.status).toBe(200);
    const id = (sent.body as { id: string }).id;
    expect((await call(emu, 'GET', `/team-invitations?team_id=${team.id}`, { token: member.accessToken })).status).toBe(200);
    expect(errorCode(await call(emu, 'DELETE', `/team-invitations/${id}?team_id=${team.id}`, { token: member.accessToken, json: {} }))).toBe('TEAM_PERMISSION_REQUIRED');
    expect((await call(emu, 'DELETE', `/team-invitations/${id}?team_id=${team.id}`, { token: owner.accessToken, json: {} })).body).toEqual({ success: true });
    expect(errorCode(await call(emu, 'GET', '/team-invitations', { accessType: 'server' }))).toBe('SCHEMA_ERROR');
    const untrusted = await call(emu, 'POST', '/team-invitations/send-code', { accessType: 'server', json: { email: 'a@example.com', team_id: team.id, callback_url: 'https://evil.example.com/x' } });
    expect(errorCode(untrusted)).toBe('REDIRECT_URL_NOT_WHITELISTED');
    expect(errorCode(await call(emu, 'POST', '/team-invitations/send-code', { json: { email: 'a@example.com', team_id: team.id, callback_url: CALLBACK } }))).toBe('USER_AUTHENTICATION_REQUIRED');
  });
});
