import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../protocol/endpoints.ts';
import { KnownErrors } from '../protocol/errors/index.ts';
import { createContactChannel, listContactChannels } from './contact-channels.ts';
import { expectBodyAccepted, expectCall, serverTestContext, successBody, USER_ID } from '../../testing/runtime/server.ts';

const channelWire = { user_id: USER_ID, id: 'c-1', value: 'ada@example.com', type: 'email', used_for_auth: true, is_verified: false, is_primary: true };

describe('contact channels of any user', () => {
  it('lists by user id and maps to camelCase', async () => {
    const { ctx, calls } = serverTestContext({ items: [channelWire], is_paginated: false });
    const [channel] = await listContactChannels(ctx, USER_ID);
    expectCall(calls[0], 'GET', `/contact-channels?user_id=${USER_ID}`);
    expect(channel).toMatchObject({ id: 'c-1', userId: USER_ID, value: 'ada@example.com', type: 'email', usedForAuth: true, isVerified: false, isPrimary: true });
  });

  it('creates with the server fields (is_verified) and the user id', async () => {
    const { ctx, calls } = serverTestContext(new Response(JSON.stringify(channelWire), { status: 201 }));
    const channel = await createContactChannel(ctx, USER_ID, { value: 'ada@example.com', type: 'email', usedForAuth: true, isVerified: true });
    expectCall(calls[0], 'POST', '/contact-channels', { user_id: USER_ID, value: 'ada@example.com', type: 'email', used_for_auth: true, is_verified: true });
    expectBodyAccepted(ENDPOINTS.contactChannelsCreate, 'server', calls[0]);
    expect(channel.id).toBe('c-1');
  });

  it('updates, deletes and sends verification on /contact-channels/{user}/{id}', async () => {
    const { ctx, calls } = serverTestContext({ items: [channelWire], is_paginated: false }, { ...channelWire, value: 'b@example.com' }, successBody, successBody);
    const [channel] = await listContactChannels(ctx, USER_ID);
    const updated = await channel!.update({ value: 'b@example.com', isVerified: true, isPrimary: true, usedForAuth: false });
    expect(updated.value).toBe('b@example.com');
    await channel!.delete();
    await channel!.sendVerificationEmail({ callbackUrl: 'https://app.example.com/handler/email-verification' });
    expectCall(calls[1], 'PATCH', `/contact-channels/${USER_ID}/c-1`, { value: 'b@example.com', is_verified: true, is_primary: true, used_for_auth: false });
    expectBodyAccepted(ENDPOINTS.contactChannelsUpdate, 'server', calls[1]);
    expectCall(calls[2], 'DELETE', `/contact-channels/${USER_ID}/c-1`, {});
    expectCall(calls[3], 'POST', `/contact-channels/${USER_ID}/c-1/send-verification-code`, {
      callback_url: 'https://app.example.com/handler/email-verification',
    });
  });

  it('propagates EMAIL_ALREADY_VERIFIED', async () => {
    const { ctx } = serverTestContext({ items: [channelWire], is_paginated: false }, { knownError: 'EMAIL_ALREADY_VERIFIED' });
    const [channel] = await listContactChannels(ctx, USER_ID);
    await expect(channel!.sendVerificationEmail({ callbackUrl: 'https://x.example' })).rejects.toBeInstanceOf(KnownErrors.EmailAlreadyVerified);
  });
});
