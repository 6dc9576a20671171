// OAuth against an external OpenID Connect provider (OAUTH_MOCK_URL): oidc-provider on a free localhost port.
import { createServer, type AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, TEST_ORIGIN, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { authorizeUrl, CookieJar, emulatorRequest, exchangeCode, pkcePair, REDIRECT_URI } from '../../testing/emulator/oauth.ts';
import { call } from '../../testing/emulator/requests.ts';

let emu: TestEmulator;
let server: Server;
let issuer = '';
const previous = { url: process.env.OAUTH_MOCK_URL, secret: process.env.OAUTH_MOCK_CLIENT_SECRET };
// The google client authenticates with private_key_jwt (60 s client assertions).
let clientPrivateJwk: JWK;

beforeAll(async () => {
  emu = await createTestEmulator();
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  clientPrivateJwk = { ...(await exportJWK(privateKey)), alg: 'ES256', kid: 'emulator-client' };
  const port = await freePort();
  issuer = `http://localhost:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'github',
        client_secret: 'test-secret',
        redirect_uris: [`${TEST_ORIGIN}/api/v1/auth/oauth/callback/github`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
      {
        client_id: 'google',
        token_endpoint_auth_method: 'private_key_jwt',
        token_endpoint_auth_signing_alg: 'ES256',
        jwks: { keys: [{ ...(await exportJWK(publicKey)), alg: 'ES256', kid: 'emulator-client', use: 'sig' }] },
        redirect_uris: [`${TEST_ORIGIN}/api/v1/auth/oauth/callback/google`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    cookies: { keys: ['emulator-test-cookie-key'] },
    pkce: { required: () => true },
    // The login name becomes `sub`.
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  server = await new Promise<Server>((resolve) => {
    const http = provider.listen(port, () => resolve(http));
  });
  process.env.OAUTH_MOCK_URL = issuer;
  process.env.OAUTH_MOCK_CLIENT_SECRET = 'test-secret';
});

afterAll(async () => {
  if (previous.url === undefined) delete process.env.OAUTH_MOCK_URL;
  else process.env.OAUTH_MOCK_URL = previous.url;
  if (previous.secret === undefined) delete process.env.OAUTH_MOCK_CLIENT_SECRET;
  else process.env.OAUTH_MOCK_CLIENT_SECRET = previous.secret;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await emu.close();
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, 'localhost', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Walks the provider's login and consent interactions until it redirects back to the emulator. */
async function signInAtProvider(start: string, login: string): Promise<string> {
  const jar = new CookieJar();
  let url = start;
  for (let step = 0; step < 12; step++) {
    const res = await fetch(url, { redirect: 'manual', headers: jar.header() ? { cookie: jar.header() } : {} });
    jar.store(res);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).toString();
      if (next.startsWith(TEST_ORIGIN)) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    const prompt: Record<string, string> = html.includes('name="prompt" value="login"') ? { prompt: 'login', login, password: 'any' } : { prompt: 'consent' };
    const posted = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
      body: new URLSearchParams(prompt).toString(),
    });
    jar.store(posted);
    url = new URL(posted.headers.get('location') ?? url, url).toString();
  }
  throw new Error('the provider never redirected back');
}

/** The whole sign-in through the provider as `provider`; resolves to the emulator's token answer. */
async function signInThrough(provider: string, login: string) {
  const { verifier, challenge } = await pkcePair();
  const jar = new CookieJar();
  const authorize = await emulatorRequest(emu, authorizeUrl(provider, { challenge, state: crypto.randomUUID() }), jar);
  const done = await emulatorRequest(emu, await signInAtProvider(authorize.headers.get('location') ?? '', login), jar);
  const code = new URL(done.headers.get('location') ?? '').searchParams.get('code') ?? '';
  return (await (await exchangeCode(emu, code, verifier)).json()) as { access_token?: string };
}

describe('OAuth through an external OIDC provider', () => {
  it('a provider configured for private_key_jwt gets a client assertion the provider accepts', async () => {
    process.env.OAUTH_MOCK_CLIENT_PRIVATE_JWK = JSON.stringify(clientPrivateJwk);
    try {
      const body = await signInThrough('google', 'grace@example.com');
      const me = await call(emu, 'GET', '/users/me', { token: body.access_token ?? '' });
      expect(me.body).toMatchObject({ primary_email: 'grace@example.com', oauth_providers: [{ id: 'google', account_id: 'grace@example.com' }] });
    } finally {
      delete process.env.OAUTH_MOCK_CLIENT_PRIVATE_JWK;
    }
  });

  it('discovery, login at the provider, callback, code exchange; sub is the account id and e-mail', async () => {
    const { verifier, challenge } = await pkcePair();
    const state = crypto.randomUUID();
    const jar = new CookieJar();
    const authorize = await emulatorRequest(emu, authorizeUrl('github', { challenge, state }), jar);
    expect(authorize.status).toBe(307);
    const providerUrl = new URL(authorize.headers.get('location') ?? '');
    expect(`${providerUrl.origin}`).toBe(issuer);
    expect(Object.fromEntries(providerUrl.searchParams)).toMatchObject({ client_id: 'github', scope: 'openid', response_type: 'code', code_challenge_method: 'S256' });
    const callback = await signInAtProvider(providerUrl.toString(), 'ada@example.com');
    const done = await emulatorRequest(emu, callback, jar);
    expect(done.status).toBe(303);
    const target = new URL(done.headers.get('location') ?? '');
    expect(`${target.origin}${target.pathname}`).toBe(REDIRECT_URI);
    const token = await exchangeCode(emu, target.searchParams.get('code') ?? '', verifier);
    const body = (await token.json()) as { access_token: string; is_new_user: boolean };
    expect(body.is_new_user).toBe(true);
    const me = await call(emu, 'GET', '/users/me', { token: body.access_token });
    expect(me.body).toMatchObject({ primary_email: 'ada@example.com', oauth_providers: [{ id: 'github', account_id: 'ada@example.com', email: 'ada@example.com' }] });
  });
});
