import { describe, expect, test } from 'vitest';
import { readSessionEvent } from './messages.ts';
import { sessionEventSchema } from './schemas.ts';

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

