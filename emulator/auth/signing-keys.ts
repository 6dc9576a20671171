// Per-project ES256 signing keys, created on first use and stored in the database so tokens
// survive restarts of a `--data` emulator. Published as the project's JWKS.
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

async function kidFor(projectId: string, jwk: JWK): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${projectId}:${jwk.x}:${jwk.y}`));
  return Buffer.from(digest).toString('base64url').slice(0, 12);
}

export class SigningKeys {
  private readonly cache = new Map<string, Promise<SigningKey>>();

  constructor(private readonly db: Kysely<Database>) {}

  forProject(projectId: string): Promise<SigningKey> {
    let key = this.cache.get(projectId);
    if (!key) {
      key = this.load(projectId);
      this.cache.set(projectId, key);
      key.catch(() => this.cache.delete(projectId));
    }
    return key;
  }

  /** The public JWKS entry, in the field order the backend's JWKS answer uses. */
  async publicJwk(projectId: string): Promise<{ kty: string; alg: string; crv: string; kid: string; x: string; y: string }> {
    const { kid, publicJwk } = await this.forProject(projectId);
    return { kty: 'EC', alg: 'ES256', crv: 'P-256', kid, x: String(publicJwk.x), y: String(publicJwk.y) };
  }

  private async load(projectId: string): Promise<SigningKey> {
    let row = await this.db.selectFrom('signing_keys').selectAll().where('project_id', '=', projectId).executeTakeFirst();
    if (!row) {
      const pair = await generateKeyPair('ES256', { extractable: true });
      const privateJwk = await exportJWK(pair.privateKey);
      const publicJwk = await exportJWK(pair.publicKey);
      await this.db
        .insertInto('signing_keys')
        .values({
          project_id: projectId,
          kid: await kidFor(projectId, publicJwk),
          private_jwk: JSON.stringify(privateJwk),
          public_jwk: JSON.stringify(publicJwk),
        })
        .onConflict((oc) => oc.column('project_id').doNothing())
        .execute();
      row = await this.db.selectFrom('signing_keys').selectAll().where('project_id', '=', projectId).executeTakeFirstOrThrow();
    }
    const privateJwk = row.private_jwk as JWK;
    const publicJwk = row.public_jwk as JWK;
    return {
      kid: row.kid,
      privateKey: (await importJWK(privateJwk, 'ES256')) as CryptoKey,
      publicKey: (await importJWK(publicJwk, 'ES256')) as CryptoKey,
      publicJwk,
    };
  }
}
