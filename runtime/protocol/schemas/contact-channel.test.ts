import { expect, test } from 'vitest';
import { contactChannelSchema, toContactChannel, toContactChannelCreateWire, toContactChannelUpdateWire } from './contact-channel.ts';

const wire = { user_id: 'u', id: 'c', value: 'ada@example.com', type: 'email', used_for_auth: true, is_verified: false, is_primary: true };

test('maps the wire channel and strips unknown keys', () => {
  expect(toContactChannel(contactChannelSchema.parse({ ...wire, extra: true }))).toEqual({
    id: 'c',
    userId: 'u',
    value: 'ada@example.com',
    type: 'email',
    usedForAuth: true,
    isVerified: false,
    isPrimary: true,
  });
});

test('create/update bodies', () => {
  expect(toContactChannelCreateWire({ userId: 'me', value: 'a@b.co', type: 'email', usedForAuth: false })).toEqual({
    user_id: 'me',
    value: 'a@b.co',
    type: 'email',
    used_for_auth: false,
  });
  expect(toContactChannelUpdateWire({ isPrimary: true })).toEqual({ is_primary: true });
});
