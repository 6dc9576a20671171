// Password hashing as the real backend does it, bcrypt in Modular Crypt Format, but at bcrypt's lowest cost, 4
// ($2b$04$…) instead of the backend's 10: 64 times less work per sign-up and sign-in, so a load test measures the
// emulator rather than the hash (issue 41.5); any bcrypt tool reads these hashes, and the cost-10 hashes of an import
// verify as before. Hashed natively and off the event loop (@node-rs/bcrypt runs on libuv's thread pool). Imported
// bcrypt hashes (`POST /users` `password_hash`) are stored as given. Hashes an older emulator wrote
// (pbkdf2-sha256$<iterations>$<salt>$<hash>, WebCrypto) still verify, so a data folder keeps its users.
import { hash as bcryptHash, verify as bcryptVerify } from '@node-rs/bcrypt';

/** bcrypt's minimum; the real backend uses 10 (stack-shared's hashPassword: genSalt(10)). A local emulator guards no real password. */
const BCRYPT_COST = 4;

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

const encoder = new TextEncoder();

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** The hashes of emulators before bcrypt (PBKDF2-SHA256 through WebCrypto), verified in constant time. */
async function verifyLegacyPbkdf2(password: string, stored: string): Promise<boolean> {
  const [scheme, iterationsText, saltText, hashText] = stored.split('$');
  if (scheme !== 'pbkdf2-sha256' || !iterationsText || !saltText || !hashText) return false;
  const expected = fromBase64(hashText);
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits']);
  const actual = new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: fromBase64(saltText), iterations: Number(iterationsText) }, key, 256));
  if (actual.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < actual.length; i++) diff |= (actual[i] ?? 0) ^ (expected[i] ?? 0);
  return diff === 0;
}

export const INVALID_PASSWORD_HASH = "Invalid password hash. Make sure it's a supported algorithm in Modular Crypt Format.";

export function hashPassword(password: string): Promise<string> {
  return bcryptHash(password, BCRYPT_COST);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (isSupportedPasswordHash(stored)) return bcryptVerify(password, stored);
  return verifyLegacyPbkdf2(password, stored);
}
