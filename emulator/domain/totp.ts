// RFC 6238 TOTP (30 s steps, 6 digits, HMAC-SHA1) on WebCrypto, as the backend's verifyTOTP.
const STEP_SECONDS = 30;
const DIGITS = 6;
/** Codes of the previous and next step are accepted too (clock drift). */
const WINDOW = 1;

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** True for standard base64 text atob can decode. */
export function isBase64(text: string): boolean {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return false;
  try {
    atob(text);
    return true;
  } catch {
    return false;
  }
}

async function hotp(key: CryptoKey, counter: number): Promise<string> {
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, BigInt(counter));
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, message));
  const offset = (mac[mac.length - 1] as number) & 0x0f;
  const binary = new DataView(mac.buffer).getUint32(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}

function importSecret(secretBase64: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', base64ToBytes(secretBase64), { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
}

/** The code an authenticator shows at `nowMillis` (tests and the consent page use it). */
export async function generateTotp(secretBase64: string, nowMillis: number): Promise<string> {
  return hotp(await importSecret(secretBase64), Math.floor(nowMillis / 1000 / STEP_SECONDS));
}

export async function verifyTotp(secretBase64: string, code: string, nowMillis: number): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const key = await importSecret(secretBase64);
  const step = Math.floor(nowMillis / 1000 / STEP_SECONDS);
  for (let delta = -WINDOW; delta <= WINDOW; delta++) if ((await hotp(key, step + delta)) === code) return true;
  return false;
}
