import { expect, test } from 'vitest';
import { assertUsableTokenString, isUsableTokenString } from './token-rules.ts';

test("the literal 'undefined' is refused for both kinds", () => {
  expect(isUsableTokenString('undefined')).toBe(false);
  expect(() => assertUsableTokenString('access', 'undefined')).toThrow(/access token is the string "undefined"/);
  expect(() => assertUsableTokenString('refresh', 'undefined')).toThrow(/refresh token/);
});

test('other values', () => {
  expect(isUsableTokenString('eyJ.a.b')).toBe(true);
  expect(isUsableTokenString('')).toBe(false);
  expect(isUsableTokenString(undefined)).toBe(false);
  expect(isUsableTokenString(null)).toBe(false);
  expect(assertUsableTokenString('refresh', 'abc')).toBe('abc');
  expect(() => assertUsableTokenString('access', 42)).toThrow(/non-empty string/);
});
