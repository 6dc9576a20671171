import { describe, expect, test } from 'vitest';
import { readSessionEvent, readUserEvent } from './messages.ts';
import { sessionEventSchema, userEventSchema } from './schemas.ts';

const snapshot = { status: 'signed-in', userId: 'u1', network: 'online', seq: 3 };
const samples: unknown[] = [
  { type: 'session', snapshot },
  { type: 'session', snapshot, source: 'host-1' },
  { type: 'session', snapshot: { ...snapshot, userId: null, status: 'signed-out', network: 'degraded' } },
  { type: 'session', snapshot: { ...snapshot, extra: true }, extra: 1 },
  { type: 'session', snapshot, source: 7 },
  { type: 'session', snapshot: { ...snapshot, status: 'unknown' } },
  { type: 'session', snapshot: { ...snapshot, network: 'fast' } },
  { type: 'session', snapshot: { ...snapshot, userId: 5 } },
  { type: 'session', snapshot: { ...snapshot, seq: '3' } },
  { type: 'session', snapshot: { ...snapshot, seq: Number.NaN } },
  { type: 'session', snapshot: { ...snapshot, seq: Number.POSITIVE_INFINITY } },
  { type: 'session', snapshot: { status: 'signed-in', network: 'online', seq: 1 } },
  { type: 'session' },
  { type: 'other', snapshot },
  null,
  'session',
  [],
];

describe('readSessionEvent', () => {
  test.each(samples.map((sample) => [JSON.stringify(sample) ?? String(sample), sample]))('agrees with sessionEventSchema: %s', (_, sample) => {
    const parsed = sessionEventSchema.safeParse(sample);
    expect(readSessionEvent(sample)).toEqual(parsed.success ? parsed.data : null);
  });

  test('returns a clean copy without unknown keys', () => {
    expect(readSessionEvent({ type: 'session', snapshot: { ...snapshot, token: 'secret' }, extra: 1 })).toEqual({ type: 'session', snapshot });
  });
});

const change = { seq: 3, userId: 'u1', version: 1_700_000_000_000 };
const userSamples: unknown[] = [
  { type: 'user', change },
  { type: 'user', change: { ...change, body: '{"id":"u1"}', reads: ['user', 'contact-channels'] } },
  { type: 'user', change: { ...change, reads: [] } },
  { type: 'user', change: { ...change, extra: true }, extra: 1 },
  { type: 'user', change: { ...change, seq: '3' } },
  { type: 'user', change: { ...change, version: Number.NaN } },
  { type: 'user', change: { ...change, seq: Number.POSITIVE_INFINITY } },
  { type: 'user', change: { ...change, userId: null } },
  { type: 'user', change: { ...change, body: 5 } },
  { type: 'user', change: { ...change, reads: 'user' } },
  { type: 'user', change: { ...change, reads: [''] } },
  { type: 'user', change: { ...change, reads: ['x'.repeat(257)] } },
  { type: 'user', change: { ...change, reads: Array.from({ length: 33 }, (_, i) => `team-users:${i}`) } },
  { type: 'user', change: { ...change, reads: [7] } },
  { type: 'user' },
  { type: 'session', change },
  null,
  'user',
];

describe('readUserEvent', () => {
  test.each(userSamples.map((sample) => [JSON.stringify(sample) ?? String(sample), sample]))('agrees with userEventSchema: %s', (_, sample) => {
    const parsed = userEventSchema.safeParse(sample);
    expect(readUserEvent(sample)).toEqual(parsed.success ? parsed.data : null);
  });

  test('returns a clean copy without unknown keys', () => {
    expect(readUserEvent({ type: 'user', change: { ...change, token: 'secret' }, extra: 1 })).toEqual({ type: 'user', change });
  });
});
