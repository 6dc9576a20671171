import { describe, expect, it } from 'vitest';
import { generateTotp } from '../../emulator/domain/totp.ts';
import { base32, createTotpSecret, totpOtpauthUri, totpSecretToBase64, verifyTotpCode } from './totp.ts';

describe('TOTP enrolment', () => {
  it('encodes the secret as standard base64 and RFC 4648 base32', () => {
    const bytes = new TextEncoder().encode('foobar');
    expect(totpSecretToBase64(bytes)).toBe('Zm9vYmFy');
    expect(base32(bytes)).toBe('MZXW6YTBOI');
    expect(base32(new Uint8Array([0xff]))).toBe('74');
    expect(createTotpSecret()).toHaveLength(20);
  });

  it('builds the otpauth URI with the project as issuer', () => {
    const secret = new TextEncoder().encode('12345678901234567890');
    expect(totpOtpauthUri({ secret, issuer: 'My App', account: 'ada@example.com' })).toBe(
      'otpauth://totp/My%20App:ada%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=My%20App',
    );
  });

  it('verifies the code an authenticator shows (RFC 6238 vector, and the emulator)', async () => {
    const secret = new TextEncoder().encode('12345678901234567890');
    // RFC 6238 appendix B, SHA-1, T = 59 s: 94287082 -> 6 digits 287082.
    expect(await verifyTotpCode(secret, '287082', 59_000)).toBe(true);
    expect(await verifyTotpCode(secret, '287083', 59_000)).toBe(false);
    expect(await verifyTotpCode(secret, 'abc', 59_000)).toBe(false);
    const now = Date.now();
    expect(await verifyTotpCode(secret, await generateTotp(totpSecretToBase64(secret), now), now)).toBe(true);
  });
});
