import { expect, test } from 'vitest';
import { knownErrorArgsSource } from './known-error-args.ts';

test('an argument is typed from its details schema; a point in time also takes a Date', () => {
  const source = knownErrorArgsSource();
  expect(source).toContain('  PASSWORD_TOO_SHORT: [min_length?: number];');
  expect(source).toContain('  TEAM_MEMBERSHIP_NOT_FOUND: [team_id?: string, user_id?: string];');
  expect(source).toContain('  ADMIN_ACCESS_TOKEN_EXPIRED: [expired_at_millis?: Date | number | null];');
  expect(source).toContain('  VERIFICATION_ERROR: [statusCode: number, humanReadableMessage: string, details?: unknown];');
  expect(source).toContain('  USER_NOT_FOUND: [];');
});
