// OAuth providers behind /auth/oauth/authorize and /callback: the emulator's own consent page, or any OpenID
// Connect provider at OAUTH_MOCK_URL (discovery; client id = provider id; secret OAUTH_MOCK_CLIENT_SECRET).
import { createRemoteJWKSet } from 'jose';
import { KnownError } from '../../core/known-errors.ts';
import { pkceChallenge, type EmulatedIdentity, type OuterFlow } from './flows.ts';
import { clientCredentialsFromEnv, tokenRequestAuth, verifyIdToken } from './oidc-client.ts';

export interface ProviderUserInfo {
  accountId: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
}

export interface ProviderTokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresAtMillis: number;
}

/** Scopes the backend always asks each provider for (stored with every token). */
const DEFAULT_SCOPES: Record<string, string> = {
  github: 'user:email',
  google: 'openid email profile',
  microsoft: 'User.Read',
  spotify: 'user-read-email user-read-private',
};

export function defaultProviderScope(providerId: string): string {
  return process.env.OAUTH_MOCK_URL ? 'openid' : (DEFAULT_SCOPES[providerId] ?? 'openid');
}

export function callbackUrl(apiOrigin: string, providerId: string): string {
  return `${apiOrigin}/api/v1/auth/oauth/callback/${encodeURIComponent(providerId)}`;
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

const discoveries = new Map<string, Promise<Discovery>>();

function discover(base: string): Promise<Discovery> {
  let found = discoveries.get(base);
  if (!found) {
    found = fetch(`${base.replace(/\/$/, '')}/.well-known/openid-configuration`).then(async (res) => {
      if (!res.ok) throw new Error(`OIDC discovery at ${base} failed: ${res.status}`);
      return (await res.json()) as Discovery;
    });
    found.catch(() => discoveries.delete(base));
    discoveries.set(base, found);
  }
  return found;
}

/** Where the browser goes after /authorize. */
export async function providerAuthorizationUrl(apiOrigin: string, flow: OuterFlow, innerState: string): Promise<string> {
  const scope = [defaultProviderScope(flow.providerId), flow.providerScope ?? ''].join(' ').trim();
  const mock = process.env.OAUTH_MOCK_URL;
  if (!mock) {
    const url = new URL(`${apiOrigin}/emulator/oauth/${encodeURIComponent(flow.providerId)}/authorize`);
    url.searchParams.set('state', innerState);
    url.searchParams.set('scope', scope);
    return url.toString();
  }
  const discovery = await discover(mock);
  const url = new URL(discovery.authorization_endpoint);
  url.searchParams.set('client_id', flow.providerId);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('redirect_uri', callbackUrl(apiOrigin, flow.providerId));
  url.searchParams.set('scope', scope);
  url.searchParams.set('state', innerState);
  url.searchParams.set('code_challenge', await pkceChallenge(flow.innerCodeVerifier, 'S256'));
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

function emulatedTokens(nowMillis: number): ProviderTokenSet {
  const random = () => [...crypto.getRandomValues(new Uint8Array(24))].map((b) => b.toString(16).padStart(2, '0')).join('');
  return { accessToken: `emu_at_${random()}`, refreshToken: `emu_rt_${random()}`, expiresAtMillis: nowMillis + 60 * 60 * 1000 };
}

function identityInfo(identity: EmulatedIdentity): ProviderUserInfo {
  return { accountId: identity.accountId, email: identity.email, emailVerified: identity.email !== null, displayName: identity.displayName };
}

/** The provider's answer at the callback: who signed in, and the provider tokens. */
export async function exchangeProviderCallback(
  apiOrigin: string,
  flow: OuterFlow,
  params: Record<string, string>,
  nowMillis: number,
): Promise<{ userInfo: ProviderUserInfo; tokenSet: ProviderTokenSet }> {
  if (params.error === 'access_denied') throw new KnownError('OAUTH_PROVIDER_ACCESS_DENIED');
  const mock = process.env.OAUTH_MOCK_URL;
  if (!mock) {
    if (!flow.emulated || params.code !== flow.emulated.code) throw new Error('Inner OAuth callback failed due to invalid grant.');
    return { userInfo: identityInfo(flow.emulated.identity), tokenSet: emulatedTokens(nowMillis) };
  }
  const discovery = await discover(mock);
  const auth = await tokenRequestAuth(flow.providerId, discovery.token_endpoint, clientCredentialsFromEnv());
  const res = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...auth.headers },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: params.code ?? '',
      redirect_uri: callbackUrl(apiOrigin, flow.providerId),
      code_verifier: flow.innerCodeVerifier,
      ...auth.params,
    }),
  });
  const body = (await res.json()) as { access_token?: string; refresh_token?: string; expires_in?: number; id_token?: string; error?: string };
  if (!res.ok || !body.access_token || !body.id_token) throw new Error(`OIDC token exchange failed: ${res.status} ${body.error ?? ''}`);
  const payload = await verifyIdToken(body.id_token, createRemoteJWKSet(new URL(discovery.jwks_uri)), { issuer: discovery.issuer, audience: flow.providerId });
  if (typeof payload.sub !== 'string') throw new Error('OIDC id_token without sub');
  return {
    userInfo: { accountId: payload.sub, email: payload.sub, emailVerified: true, displayName: typeof payload.name === 'string' ? payload.name : null },
    tokenSet: { accessToken: body.access_token, refreshToken: body.refresh_token ?? null, expiresAtMillis: nowMillis + (body.expires_in ?? 3600) * 1000 },
  };
}

/** A new access token from a provider refresh token (emulated providers mint one). */
export async function refreshProviderToken(providerId: string, refreshToken: string, nowMillis: number): Promise<ProviderTokenSet | null> {
  const mock = process.env.OAUTH_MOCK_URL;
  if (!mock) return { ...emulatedTokens(nowMillis), refreshToken };
  const discovery = await discover(mock);
  const auth = await tokenRequestAuth(providerId, discovery.token_endpoint, clientCredentialsFromEnv());
  const res = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...auth.headers },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, ...auth.params }),
  });
  if (!res.ok) return null;
  const body = (await res.json()) as { access_token?: string; refresh_token?: string; expires_in?: number };
  if (!body.access_token) return null;
  return { accessToken: body.access_token, refreshToken: body.refresh_token ?? refreshToken, expiresAtMillis: nowMillis + (body.expires_in ?? 3600) * 1000 };
}
