// The product's OAuth constants on the emulator's OIDC client: a 30 s ID-token clock tolerance (jose's default is 0)
// and 60 s client assertions for private_key_jwt.
import { createLocalJWKSet, decodeJwt, exportJWK, generateKeyPair, jwtVerify, SignJWT, errors } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_ASSERTION_LIFETIME_S,
  CLIENT_ASSERTION_TYPE,
  clientAssertion,
  clientCredentialsFromEnv,
  ID_TOKEN_CLOCK_TOLERANCE_S,
  tokenRequestAuth,
  verifyIdToken,
} from './oidc-client.ts';

const ISSUER = 'https://idp.example.com';
const CLIENT = 'github';
const NOW = 1_800_000_000;

async function provider() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' }] });
  const idToken = (claims: { iat: number; exp: number; nbf?: number }) =>
    new SignJWT({ sub: 'ada', ...claims }).setProtectedHeader({ alg: 'ES256', kid: 'k1' }).setIssuer(ISSUER).setAudience(CLIENT).sign(privateKey);
  return { jwks, idToken };
}

const at = (seconds: number) => ({ issuer: ISSUER, audience: CLIENT, currentDate: new Date(seconds * 1000) });

describe('ID tokens', () => {
  it('the tolerance is the spec value', () => {
    expect(ID_TOKEN_CLOCK_TOLERANCE_S).toBe(30);
  });

  it('accept an expiry or not-before up to 30 s off, and refuse beyond', async () => {
    const { jwks, idToken } = await provider();
    const expiredBy = async (s: number) => verifyIdToken(await idToken({ iat: NOW - 600, exp: NOW - s }), jwks, at(NOW));
    await expect(expiredBy(29)).resolves.toMatchObject({ sub: 'ada' });
    await expect(expiredBy(31)).rejects.toBeInstanceOf(errors.JWTExpired);
    const notYetFor = async (s: number) => verifyIdToken(await idToken({ iat: NOW, exp: NOW + 600, nbf: NOW + s }), jwks, at(NOW));
    await expect(notYetFor(29)).resolves.toMatchObject({ sub: 'ada' });
    await expect(notYetFor(31)).rejects.toBeInstanceOf(errors.JWTClaimValidationFailed);
  });

  it("jose's default (no tolerance) would have refused the first one", async () => {
    const { jwks, idToken } = await provider();
    const token = await idToken({ iat: NOW - 600, exp: NOW - 29 });
    await expect(jwtVerify(token, jwks, { issuer: ISSUER, audience: CLIENT, currentDate: new Date(NOW * 1000) })).rejects.toBeInstanceOf(errors.JWTExpired);
  });
});

describe('client assertions (private_key_jwt)', () => {
  it(`live ${CLIENT_ASSERTION_LIFETIME_S} s, name the client and the token endpoint, and verify with the public key`, async () => {
    expect(CLIENT_ASSERTION_LIFETIME_S).toBe(60);
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const privateJwk = { ...(await exportJWK(privateKey)), alg: 'ES256', kid: 'client-key' };
    const endpoint = `${ISSUER}/token`;
    const assertion = await clientAssertion(CLIENT, endpoint, privateJwk, NOW);
    const claims = decodeJwt(assertion);
    expect(claims).toMatchObject({ iss: CLIENT, sub: CLIENT, aud: endpoint, iat: NOW, exp: NOW + 60 });
    expect(typeof claims.jti).toBe('string');
    await expect(jwtVerify(assertion, publicKey, { audience: endpoint, currentDate: new Date((NOW + 59) * 1000) })).resolves.toBeDefined();
    await expect(jwtVerify(assertion, publicKey, { audience: endpoint, currentDate: new Date((NOW + 61) * 1000) })).rejects.toBeInstanceOf(errors.JWTExpired);
  });

  it('are what a token request carries when a private JWK is configured; the secret goes in Basic auth otherwise', async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    const env = { OAUTH_MOCK_CLIENT_PRIVATE_JWK: JSON.stringify({ ...(await exportJWK(privateKey)), alg: 'ES256' }) };
    const jwt = await tokenRequestAuth(CLIENT, `${ISSUER}/token`, clientCredentialsFromEnv(env));
    expect(jwt.headers).toEqual({});
    expect(jwt.params).toMatchObject({ client_id: CLIENT, client_assertion_type: CLIENT_ASSERTION_TYPE });
    const claims = decodeJwt(jwt.params.client_assertion ?? '');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(60);
    const basic = await tokenRequestAuth(CLIENT, `${ISSUER}/token`, clientCredentialsFromEnv({ OAUTH_MOCK_CLIENT_SECRET: 's3cret' }));
    expect(basic).toEqual({ headers: { authorization: `Basic ${btoa('github:s3cret')}` }, params: {} });
  });
});
