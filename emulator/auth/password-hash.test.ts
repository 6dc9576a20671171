import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash.ts';

describe('password hashing', () => {
  it('verifies the right password only, with a random salt', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    // bcrypt in Modular Crypt Format, at bcrypt's lowest cost (the backend's is 10).
    expect(a).toMatch(/^\$2b\$04\$[./A-Za-z0-9]{53}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('wrong horse', a)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
  });

  it('still verifies the PBKDF2 hashes an older emulator stored in a data folder', async () => {
    // pbkdf2-sha256, 1,000 iterations, salt "salt", password "legacy" (made with WebCrypto).
    const salt = new TextEncoder().encode('salt');
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode('legacy'), 'PBKDF2', false, ['deriveBits']);
    const bits = new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: 1000 }, key, 256));
    const stored = `pbkdf2-sha256$1000$${btoa('salt')}$${btoa(String.fromCharCode(...bits))}`;
    expect(await verifyPassword('legacy', stored)).toBe(true);
    expect(await verifyPassword('other', stored)).toBe(false);
  });
});
