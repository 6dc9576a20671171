// A software WebAuthn authenticator (ES256, "none" attestation) producing the RegistrationResponseJSON and
// AuthenticationResponseJSON a browser would, with WebCrypto — for passkey tests without a browser.
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const enc = new TextEncoder();

async function sha256(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', data));
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

function uint32(n: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n);
  return out;
}

/** Raw r||s (WebCrypto) to the ASN.1 DER form WebAuthn uses for ES256. */
function derSignature(raw: Uint8Array): Uint8Array<ArrayBuffer> {
  const integer = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    let v = bytes.slice(i);
    if ((v[0] as number) & 0x80) v = concat(new Uint8Array([0]), v);
    return concat(new Uint8Array([0x02, v.length]), v);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

export class SoftwareAuthenticator {
  private keys: CryptoKeyPair | null = null;
  private signCount = 0;
  readonly credentialId = crypto.getRandomValues(new Uint8Array(16));
  userHandle = '';

  get id(): string {
    return isoBase64URL.fromBuffer(this.credentialId);
  }

  private clientData(type: string, challenge: string, origin: string): string {
    return isoBase64URL.fromBuffer(enc.encode(JSON.stringify({ type, challenge, origin, crossOrigin: false })));
  }

  async register(o: { challenge: string; origin: string; rpId: string; userHandle: string }) {
    this.keys = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    this.userHandle = o.userHandle;
    const jwk = await crypto.subtle.exportKey('jwk', this.keys.publicKey);
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x ?? '')],
        [-3, isoBase64URL.toBuffer(jwk.y ?? '')],
      ]),
    );
    const authData = concat(
      await sha256(enc.encode(o.rpId)),
      new Uint8Array([0x45]), // UP | UV | AT
      uint32(0),
      new Uint8Array(16), // AAGUID
      new Uint8Array([0, this.credentialId.length]),
      this.credentialId,
      cose,
    );
    const attestationObject = isoCBOR.encode(new Map<string, string | Map<string, string> | Uint8Array>([['fmt', 'none'], ['attStmt', new Map<string, string>()], ['authData', authData]]));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: { clientDataJSON: this.clientData('webauthn.create', o.challenge, o.origin), attestationObject: isoBase64URL.fromBuffer(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  async assert(o: { challenge: string; origin: string; rpId: string }) {
    if (!this.keys) throw new Error('register first');
    this.signCount++;
    const authenticatorData = concat(await sha256(enc.encode(o.rpId)), new Uint8Array([0x05]), uint32(this.signCount));
    const clientDataJSON = this.clientData('webauthn.get', o.challenge, o.origin);
    const signed = concat(authenticatorData, await sha256(isoBase64URL.toBuffer(clientDataJSON) as Uint8Array<ArrayBuffer>));
    const raw = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, this.keys.privateKey, signed));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON,
        authenticatorData: isoBase64URL.fromBuffer(authenticatorData),
        signature: isoBase64URL.fromBuffer(new Uint8Array(derSignature(raw))),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }
}
