import { describe, expect, it } from 'vitest';
import { generateTotp, isBase64, verifyTotp } from './totp.ts';

// RFC 6238 appendix B, SHA-1 seed "12345678901234567890" (last 6 of the 8-digit values).
const RFC_SECRET = btoa('12345678901234567890');

describe('totp', () => {
  it('matches the RFC 6238 SHA-1 test vectors', async () => {
    expect(await generateTotp(RFC_SECRET, 59_000)).toBe('287082');
    expect(await generateTotp(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(await generateTotp(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
  });

  it('accepts one step of drift either way, nothing further, and only six digits', async () => {
    const now = 1_700_000_000_000;
    const code = await generateTotp(RFC_SECRET, now);
    expect(await verifyTotp(RFC_SECRET, code, now + 30_000)).toBe(true);
    expect(await verifyTotp(RFC_SECRET, code, now - 30_000)).toBe(true);
    expect(await verifyTotp(RFC_SECRET, code, now + 90_000)).toBe(false);
    expect(await verifyTotp(RFC_SECRET, `${code}0`, now)).toBe(false);
  });

  it('recognises base64', () => {
    expect(isBase64(RFC_SECRET)).toBe(true);
    expect(isBase64('not base64!')).toBe(false);
  });
});
