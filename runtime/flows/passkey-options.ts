// Passkey option shaping: the backend's sentinel rp id is swapped for our hostname.

export const PASSKEY_RP_ID_SENTINEL = 'THIS_VALUE_WILL_BE_REPLACED.example.com';
const PASSKEY_USER_ID_MAX_BYTES = 64;

type Json = Record<string, unknown>;

function asObject(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`Passkey ${what} must be an object`);
  return value as Json;
}

function base64UrlByteLength(value: string): number {
  const normalised = value.replace(/-/g, '+').replace(/_/g, '/');
  const padded = normalised + '='.repeat((4 - (normalised.length % 4)) % 4);
  return atob(padded).length;
}

/** Creation options with `rp.id` set to `hostname`; throws unless the sentinel and a 1-64 byte user id are present. */
export function shapeRegistrationOptions(optionsJson: unknown, hostname: string): Json {
  const options = asObject(optionsJson, 'registration options');
  const rp = asObject(options['rp'], 'rp');
  if (rp['id'] !== PASSKEY_RP_ID_SENTINEL) {
    throw new Error(`Passkey registration options carry rp.id ${JSON.stringify(rp['id'])}, expected ${PASSKEY_RP_ID_SENTINEL}`);
  }
  const user = asObject(options['user'], 'user');
  let userIdBytes: number;
  try {
    userIdBytes = typeof user['id'] === 'string' ? base64UrlByteLength(user['id']) : 0;
  } catch {
    userIdBytes = 0;
  }
  if (userIdBytes < 1 || userIdBytes > PASSKEY_USER_ID_MAX_BYTES) {
    throw new Error(`Passkey user id must be 1 to ${PASSKEY_USER_ID_MAX_BYTES} bytes`);
  }
  return { ...options, rp: { ...rp, id: hostname } };
}

/** Request options with `rpId` set to `hostname`; throws unless the sentinel is present. */
export function shapeAuthenticationOptions(optionsJson: unknown, hostname: string): Json {
  const options = asObject(optionsJson, 'authentication options');
  if (options['rpId'] !== PASSKEY_RP_ID_SENTINEL) {
    throw new Error(`Passkey authentication options carry rpId ${JSON.stringify(options['rpId'])}, expected ${PASSKEY_RP_ID_SENTINEL}`);
  }
  return { ...options, rpId: hostname };
}
