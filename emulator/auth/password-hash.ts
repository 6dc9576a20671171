// Password hashing with WebCrypto PBKDF2-SHA256, so the app stays on web-standard APIs.
// Stored form: pbkdf2-sha256$<iterations>$<salt base64>$<hash base64>. Imported bcrypt hashes (Modular Crypt
// Format, `POST /users` `password_hash`) are stored as given and verified with bcryptjs.
import bcrypt from 'bcryptjs';

/** `$2a$`, `$2b$` or `$2y$`, two-digit cost, 22 salt + 31 hash characters of bcrypt's base64. */
const BCRYPT_HASH = /^\$2[aby]\$(\d{2})\$[./A-Za-z0-9]{53}$/;
/** The backend refuses costs above 16 (verifying them would take seconds); bcrypt's own minimum is 4. */
const BCRYPT_MIN_ROUNDS = 4;
const BCRYPT_MAX_ROUNDS = 16;

/** Whether an imported `password_hash` is one the emulator can verify (a bcrypt hash of a supported cost). */
export function isSupportedPasswordHash(hash: string): boolean {
  const rounds = BCRYPT_HASH.exec(hash)?.[1];
  return rounds !== undefined && Number(rounds) >= BCRYPT_MIN_ROUNDS && Number(rounds) <= BCRYPT_MAX_ROUNDS;
}

const ITERATIONS = 100_000;
const encoder = new TextEncoder();

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export const INVALID_PASSWORD_HASH = "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format.";

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, ITERATIONS);
  return `pbkdf2-sha256$${ITERATIONS}$${toBase64(salt)}$${toBase64(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (isSupportedPasswordHash(stored)) return bcrypt.compare(password, stored);
  const [scheme, iterationsText, saltText, hashText] = stored.split('$');
  if (scheme !== 'pbkdf2-sha256' || !iterationsText || !saltText || !hashText) return false;
  const expected = fromBase64(hashText);
  const actual = await derive(password, fromBase64(saltText), Number(iterationsText));
  if (actual.length !== expected.length) return false;
  // Constant-time comparison.
  let diff = 0;
  for (let i = 0; i < actual.length; i++) diff |= (actual[i] ?? 0) ^ (expected[i] ?? 0);
  return diff === 0;
}
