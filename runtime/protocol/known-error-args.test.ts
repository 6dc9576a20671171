import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { KNOWN_ERROR_ARGS_FILE, knownErrorArgsSource } from '../../scripts/known-error-args.ts';

test('known-error-args.ts is generated from the catalogue (rewrite it with `npx tsx scripts/known-error-args.ts`)', () => {
  expect(readFileSync(KNOWN_ERROR_ARGS_FILE, 'utf8')).toBe(knownErrorArgsSource());
});

test('an argument is typed from its details schema; a point in time also takes a Date', () => {
  const source = knownErrorArgsSource();
  expect(source).toContain('  PASSWORD_TOO_SHORT: [min_length?: number];');
  expect(source).toContain('  TEAM_MEMBERSHIP_NOT_FOUND: [team_id?: string, user_id?: string];');
  expect(source).toContain('  ADMIN_ACCESS_TOKEN_EXPIRED: [expired_at_millis?: Date | number | null];');
  expect(source).toContain('  VERIFICATION_ERROR: [statusCode: number, humanReadableMessage: string, details?: unknown];');
  expect(source).toContain('  USER_NOT_FOUND: [];');
});
