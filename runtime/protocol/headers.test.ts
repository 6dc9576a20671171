import { describe, expect, test } from 'vitest';
import { ACCESS_TYPES, CLIENT_VERSION, CROCKFORD_BASE32_ALPHABET, HEADER, generateSecureRandomString, isAccessType } from './headers.ts';

describe('headers', () => {
  test('names are lowercase x-stack-*', () => {
    for (const name of Object.values(HEADER)) expect(name).toMatch(/^x-stack-[a-z-]+$/);
    expect(HEADER.knownError).toBe('x-stack-known-error');
  });

  test('access types', () => {
    expect(ACCESS_TYPES).toEqual(['client', 'server', 'admin']);
    expect(isAccessType('server')).toBe(true);
    expect(isAccessType('Server')).toBe(false);
    expect(isAccessType(undefined)).toBe(false);
  });

  test('client version has the js <name>@<semver> shape', () => {
    expect(CLIENT_VERSION).toMatch(/^js [\w-]+@\d+\.\d+\.\d+$/);
  });

  test('Crockford alphabet: 32 symbols, no i l o u', () => {
    expect(CROCKFORD_BASE32_ALPHABET).toHaveLength(32);
    expect(new Set(CROCKFORD_BASE32_ALPHABET).size).toBe(32);
    expect(CROCKFORD_BASE32_ALPHABET).not.toMatch(/[ilou]/);
  });

  test('generateSecureRandomString: 45 chars, alphabet only, not repeating', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const s = generateSecureRandomString();
      expect(s).toMatch(/^[0-9abcdefghjkmnpqrstvwxyz]{45}$/);
      seen.add(s);
    }
    expect(seen.size).toBe(200);
    expect(generateSecureRandomString(16)).toHaveLength(16);
  });

  test('every symbol is used (no masking bias towards a subset)', () => {
    const all = Array.from({ length: 100 }, () => generateSecureRandomString()).join('');
    expect(new Set(all).size).toBe(32);
  });
});
