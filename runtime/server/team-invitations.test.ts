import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../protocol/endpoints.ts';
import { KnownErrors } from '../protocol/errors/index.ts';
import { listTeamInvitations, sendTeamInvitation } from './team-invitations.ts';
import { TEAM_ID, expectBodyAccepted, expectCall, serverTestContext, successBody } from '../../testing/runtime/server.ts';

const invitation = { id: 'inv-1', team_id: TEAM_ID, expires_at_millis: 1_700_000_000_000, recipient_email: 'bob@example.com' };

describe('team invitations', () => {
  it('sends the code e-mail with the team and callback URL', async () => {
    const { ctx, calls } = serverTestContext({ success: true, id: 'inv-1' });
    await sendTeamInvitation(ctx, TEAM_ID, { email: 'bob@example.com', callbackUrl: 'https://app.example.com/handler/team-invitation' });
    expectCall(calls[0], 'POST', '/team-invitations/send-code', {
      email: 'bob@example.com',
      team_id: TEAM_ID,
      callback_url: 'https://app.example.com/handler/team-invitation',
    });
    expectBodyAccepted(ENDPOINTS.teamInvitationsSendCode, 'server', calls[0]);
  });

  it('lists pending invitations and revokes one', async () => {
    const { ctx, calls } = serverTestContext({ items: [invitation], is_paginated: false }, successBody);
    const [found] = await listTeamInvitations(ctx, TEAM_ID);
    expect(found).toMatchObject({ id: 'inv-1', teamId: TEAM_ID, recipientEmail: 'bob@example.com', expiresAt: new Date(1_700_000_000_000) });
    await found!.revoke();
    expectCall(calls[0], 'GET', `/team-invitations?team_id=${TEAM_ID}`);
    expectCall(calls[1], 'DELETE', `/team-invitations/inv-1?team_id=${TEAM_ID}`, {});
  });

  it('propagates REDIRECT_URL_NOT_WHITELISTED', async () => {
    const { ctx } = serverTestContext({ knownError: 'REDIRECT_URL_NOT_WHITELISTED' });
    await expect(sendTeamInvitation(ctx, TEAM_ID, { email: 'b@example.com', callbackUrl: 'https://evil.example' })).rejects.toBeInstanceOf(
      KnownErrors.RedirectUrlNotWhitelisted,
    );
  });
});
