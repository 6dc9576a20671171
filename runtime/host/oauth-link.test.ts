import { describe, expect, it } from 'vitest';
import { checkLinkAuthorizeUrl, OAuthLinkGate } from './oauth-link.ts';
import { fakeAccessToken, makeHost } from '../../testing/runtime/host.ts';

const API = 'http://api.test';
const BASE = 'http://app.test/__authworker/oauth-link/';
const AUTHORIZE = `${API}/api/v1/auth/oauth/authorize/github?client_id=p&type=link&state=s&after_callback_redirect_url=http%3A%2F%2Fapp.test%2Faccount`;

async function signedInHost() {
  const accessToken = fakeAccessToken('user-1', Date.now() + 600_000);
  const { host } = makeHost();
  await host.establish({ refreshToken: 'rt-secret', accessToken, userId: 'user-1' });
  return { host, accessToken };
}

describe('account-linking URL check', () => {
  it('accepts the API authorize endpoint with type=link and no token', () => {
    expect(checkLinkAuthorizeUrl(AUTHORIZE, API).pathname).toBe('/api/v1/auth/oauth/authorize/github');
  });

  it.each([
    ['another origin', AUTHORIZE.replace('api.test', 'evil.test')],
    ['another API path', `${API}/api/v1/users/me?type=link`],
    ['a sign-in, not a link', AUTHORIZE.replace('type=link', 'type=authenticate')],
    ['a token chosen by the page', `${AUTHORIZE}&token=mine`],
    ['not a URL', 'nope'],
  ])('refuses %s', (_, url) => {
    expect(() => checkLinkAuthorizeUrl(url, API)).toThrow(/authworker/);
  });
});

describe('OAuthLinkGate in a worker (trampoline)', () => {
  it('gives the page a same-origin trampoline URL, never the token', async () => {
    const { host, accessToken } = await signedInHost();
    const gate = new OAuthLinkGate({ apiUrl: API, trampolineBase: BASE });
    const { navigateTo } = await gate.prepare(AUTHORIZE, host);
    expect(navigateTo.startsWith(BASE)).toBe(true);
    expect(navigateTo).not.toContain(accessToken);
  });

  it('answers the trampoline once with a redirect to the authorize URL carrying the access token', async () => {
    const { host, accessToken } = await signedInHost();
    const gate = new OAuthLinkGate({ apiUrl: API, trampolineBase: BASE });
    const { navigateTo } = await gate.prepare(AUTHORIZE, host);
    const id = gate.trampolineId(navigateTo);
    expect(id).not.toBeNull();
    const response = await gate.respond(id!, host);
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(location.searchParams.get('token')).toBe(accessToken);
    expect(location.searchParams.get('type')).toBe('link');
    expect(location.href).not.toContain('rt-secret');
    // Single use: a replay of the trampoline URL gets the expired page.
    expect((await gate.respond(id!, host)).status).toBe(410);
  });

  it('expires a prepared navigation the page did not follow within a minute', async () => {
    const { host } = await signedInHost();
    let now = 1_000;
    const gate = new OAuthLinkGate({ apiUrl: API, trampolineBase: BASE, now: () => now });
    const id = gate.trampolineId((await gate.prepare(AUTHORIZE, host)).navigateTo)!;
    now += 60_001;
    expect((await gate.respond(id, host)).status).toBe(410);
  });

  it('refuses to prepare a link without a signed-in user', async () => {
    const { host } = makeHost();
    const gate = new OAuthLinkGate({ apiUrl: API, trampolineBase: BASE });
    await expect(gate.prepare(AUTHORIZE, host)).rejects.toThrow('linking an account needs a signed-in user');
  });

  it('only recognises URLs under its trampoline base', () => {
    const gate = new OAuthLinkGate({ apiUrl: API, trampolineBase: BASE });
    expect(gate.trampolineId('http://app.test/account')).toBeNull();
    expect(gate.trampolineId(`${BASE}abc?x=1`)).toBe('abc');
  });
});

describe('OAuthLinkGate in the page-hosted session', () => {
  it('returns the authorize URL with the token (that mode keeps its tokens in the page anyway)', async () => {
    const { host, accessToken } = await signedInHost();
    const gate = new OAuthLinkGate({ apiUrl: API, trampolineBase: null });
    const { navigateTo } = await gate.prepare(AUTHORIZE, host);
    expect(new URL(navigateTo).searchParams.get('token')).toBe(accessToken);
    expect(gate.trampolineId(navigateTo)).toBeNull();
  });
});
