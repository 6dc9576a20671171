// The emulator's OpenID Connect client side: ID tokens are checked with a 30 s clock tolerance, and a
// provider configured for private_key_jwt gets client assertions that live 60 s (RFC 7523); otherwise the
// client secret goes in Basic auth.
import { importJWK, jwtVerify, SignJWT, type JWK, type JWTPayload, type JWTVerifyGetKey } from 'jose';

export const ID_TOKEN_CLOCK_TOLERANCE_S = 30;
export const CLIENT_ASSERTION_LIFETIME_S = 60;
export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

export interface IdTokenExpectations {
  issuer: string;
  /** The client id. */
  audience: string;
  /** The verification time (tests); the clock by default. */
  currentDate?: Date;
}

export async function verifyIdToken(idToken: string, keys: JWTVerifyGetKey, expected: IdTokenExpectations): Promise<JWTPayload> {
  const { payload } = await jwtVerify(idToken, keys, {
    issuer: expected.issuer,
    audience: expected.audience,
    clockTolerance: ID_TOKEN_CLOCK_TOLERANCE_S,
    ...(expected.currentDate ? { currentDate: expected.currentDate } : {}),
  });
  return payload;
}

/** How the client authenticates at a token endpoint: a client secret, or a private JWK (private_key_jwt). */
export type ClientCredentials = { kind: 'client_secret_basic'; clientSecret: string } | { kind: 'private_key_jwt'; privateJwk: JWK };

/** OAUTH_MOCK_CLIENT_PRIVATE_JWK (a private JWK with `alg`) configures private_key_jwt; else the secret. */
export function clientCredentialsFromEnv(env: Record<string, string | undefined> = process.env): ClientCredentials {
  const jwk = env.OAUTH_MOCK_CLIENT_PRIVATE_JWK;
  if (jwk) return { kind: 'private_key_jwt', privateJwk: JSON.parse(jwk) as JWK };
  return { kind: 'client_secret_basic', clientSecret: env.OAUTH_MOCK_CLIENT_SECRET ?? 'MOCK-SERVER-SECRET' };
}

/** A client assertion for `tokenEndpoint`, valid for CLIENT_ASSERTION_LIFETIME_S from `nowSeconds`. */
export async function clientAssertion(clientId: string, tokenEndpoint: string, privateJwk: JWK, nowSeconds = Math.floor(Date.now() / 1000)): Promise<string> {
  const alg = privateJwk.alg ?? 'ES256';
  const key = await importJWK(privateJwk, alg);
  return new SignJWT({})
    .setProtectedHeader({ alg, ...(privateJwk.kid ? { kid: privateJwk.kid } : {}) })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(tokenEndpoint)
    .setJti(crypto.randomUUID())
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + CLIENT_ASSERTION_LIFETIME_S)
    .sign(key);
}

/** The headers and form fields that authenticate `clientId` in a token request. */
export async function tokenRequestAuth(
  clientId: string,
  tokenEndpoint: string,
  credentials: ClientCredentials,
): Promise<{ headers: Record<string, string>; params: Record<string, string> }> {
  if (credentials.kind === 'private_key_jwt') {
    const assertion = await clientAssertion(clientId, tokenEndpoint, credentials.privateJwk);
    return { headers: {}, params: { client_id: clientId, client_assertion_type: CLIENT_ASSERTION_TYPE, client_assertion: assertion } };
  }
  const basic = btoa(`${encodeURIComponent(clientId)}:${encodeURIComponent(credentials.clientSecret)}`);
  return { headers: { authorization: `Basic ${basic}` }, params: {} };
}
