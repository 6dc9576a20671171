// TOTP enrolment: the secret as `totp_secret_base64` takes it, the otpauth URI for an
// authenticator app (issuer = project display name, account = e-mail or user id), and a code check.

/** 20 random bytes, the size the official SDK uses. */
export function createTotpSecret(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(20));
}

/** Standard base64 with padding, as `totp_secret_base64` expects. */
export function totpSecretToBase64(secret: Uint8Array): string {
  let binary = '';
  for (const byte of secret) binary += String.fromCharCode(byte);
  return btoa(binary);
}

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: what authenticator apps read from `secret=`. */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/** `otpauth://totp/<issuer>:<account>?secret=<base32>&issuer=<issuer>` (30 s, 6 digits, SHA-1: the defaults). */
export function totpOtpauthUri(options: { secret: Uint8Array; issuer: string; account: string }): string {
  const issuer = encodeURIComponent(options.issuer);
  return `otpauth://totp/${issuer}:${encodeURIComponent(options.account)}?secret=${base32(options.secret)}&issuer=${issuer}`;
}

/** True when `code` is the 6-digit TOTP of `secret` at `nowMs`, or of the step before or after (clock drift). */
export async function verifyTotpCode(secret: Uint8Array, code: string, nowMs = Date.now()): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const key = await crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
  const step = Math.floor(nowMs / 30_000);
  for (let delta = -1; delta <= 1; delta++) {
    const counter = new Uint8Array(8);
    new DataView(counter.buffer).setBigUint64(0, BigInt(step + delta));
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, counter));
    const offset = (mac[19] as number) & 0x0f;
    const value = new DataView(mac.buffer).getUint32(offset) & 0x7fffffff;
    if (String(value % 1_000_000).padStart(6, '0') === code) return true;
  }
  return false;
}
