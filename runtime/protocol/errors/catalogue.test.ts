import { describe, expect, test } from 'vitest';
import { KNOWN_ERROR_CODES, isKnownErrorCode, knownErrorAncestry, knownErrorRow } from './catalogue.ts';

describe('catalogue integrity', () => {
  test('every parent is a code of the catalogue and chains end', () => {
    for (const code of KNOWN_ERROR_CODES) {
      const parent = knownErrorRow(code).parent;
      if (parent !== null) expect(isKnownErrorCode(parent)).toBe(true);
      expect(knownErrorAncestry(code)[0]).toBe(code);
    }
  });

  test('abstract categories are exactly the rows without a status', () => {
    const abstract = KNOWN_ERROR_CODES.filter((c) => knownErrorRow(c).status === null);
    expect([...abstract].sort()).toEqual(
      [
        'API_KEY_NOT_VALID',
        'INVALID_ACCESS_TOKEN',
        'INVALID_ADMIN_ACCESS_TOKEN',
        'INVALID_PROJECT_AUTHENTICATION',
        'INVALID_SESSION_AUTHENTICATION',
        'PASSWORD_REQUIREMENTS_NOT_MET',
        'PROJECT_AUTHENTICATION_ERROR',
        'PROJECT_AUTHENTICATION_REQUIRED',
        'REFRESH_TOKEN_ERROR',
        'SESSION_AUTHENTICATION_ERROR',
        'VERIFICATION_ERROR',
      ].sort(),
    );
  });

  test('ACCESS_TOKEN_EXPIRED ancestry', () => {
    expect(knownErrorAncestry('ACCESS_TOKEN_EXPIRED')).toEqual([
      'ACCESS_TOKEN_EXPIRED',
      'INVALID_ACCESS_TOKEN',
      'INVALID_SESSION_AUTHENTICATION',
      'SESSION_AUTHENTICATION_ERROR',
    ]);
  });

  test('isKnownErrorCode ignores prototype keys', () => {
    expect(isKnownErrorCode('toString')).toBe(false);
    expect(isKnownErrorCode('__proto__')).toBe(false);
    expect(isKnownErrorCode('EMAIL_PASSWORD_MISMATCH')).toBe(true);
  });
});

