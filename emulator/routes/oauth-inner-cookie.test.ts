// The inner-state cookie of the OAuth round trip (issue 19): its exact Set-Cookie at authorize, its deletion by
// the callback on success and on every error path, and a code finished at another provider's callback.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, setProjectConfig, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { authorizeUrl, CookieJar, emulatorRequest, ERROR_URI, pkcePair, REDIRECT_URI } from '../../testing/emulator/oauth.ts';
import { DEMO_PROJECT, INTERNAL_PROJECT, type SeedProject } from '../domain/seed.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(() => emu.close());

const DELETED = /^stack-oauth-inner-([\w-]+)=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT$/;
const uniqueEmail = (tag: string) => `${tag}-${crypto.randomUUID()}@example.com`;

interface Flow {
  jar: CookieJar;
  innerState: string;
  /** The provider's redirect back to the emulator (the callback URL with code and state). */
  callbackUrl: string;
}

/** authorize -> consent "allow" as `email`; stops before the callback. */
async function consented(o: { email?: string; provider?: string; project?: SeedProject; extra?: Record<string, string> } = {}): Promise<Flow> {
  const { challenge } = await pkcePair();
  const jar = new CookieJar();
  const authorize = await emulatorRequest(emu, authorizeUrl(o.provider ?? 'github', { challenge, state: crypto.randomUUID(), extra: o.extra ?? {}, ...(o.project ? { project: o.project } : {}) }), jar);
  expect(authorize.status).toBe(307);
  const consentUrl = authorize.headers.get('location') ?? '';
  const innerState = new URL(consentUrl).searchParams.get('state') ?? '';
  const posted = await emulatorRequest(emu, consentUrl, jar, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state: innerState, action: 'allow', email: o.email ?? uniqueEmail('cookie') }).toString(),
  });
  expect(posted.status).toBe(303);
  return { jar, innerState, callbackUrl: posted.headers.get('location') ?? '' };
}

/** The callback's Set-Cookie headers must be exactly one deletion of the flow's inner cookie. */
function expectCookieDeleted(res: Response, innerState: string): void {
  const cookies = res.headers.getSetCookie();
  expect(cookies).toHaveLength(1);
  expect(DELETED.exec(cookies[0] ?? '')?.[1]).toBe(innerState);
}

describe('GET /auth/oauth/authorize: the inner cookie', () => {
  it('is name=true; Path; Expires (now + 600 s); Max-Age=600; HttpOnly, in that order', async () => {
    const { challenge } = await pkcePair();
    const res = await emu.fetch(authorizeUrl('github', { challenge, state: 's' }), { redirect: 'manual' });
    const now = emu.clock.now();
    const [cookie, ...others] = res.headers.getSetCookie();
    expect(others).toEqual([]);
    const match = /^stack-oauth-inner-[\w-]{43}=true; Path=\/; Expires=([^;]+); Max-Age=600; HttpOnly$/.exec(cookie ?? '');
    expect(match).not.toBeNull();
    const expires = Date.parse(match?.[1] ?? '');
    expect(new Date(expires).toUTCString()).toBe(match?.[1]);
    expect(Math.abs(expires - (now + 600_000))).toBeLessThan(2_000);
  });

  it('adds Secure before HttpOnly when the API is served over https', async () => {
    const { challenge } = await pkcePair();
    const res = await emu.app.request(`https://localhost:8102${authorizeUrl('github', { challenge, state: 's' })}`, { redirect: 'manual' });
    expect(res.headers.get('set-cookie')).toMatch(/^stack-oauth-inner-[\w-]+=true; Path=\/; Expires=[^;]+ GMT; Max-Age=600; Secure; HttpOnly$/);
  });
});

describe('GET /auth/oauth/callback deletes the inner cookie', () => {
  it('on success', async () => {
    const flow = await consented();
    const res = await emulatorRequest(emu, flow.callbackUrl, flow.jar);
    expect(new URL(res.headers.get('location') ?? '').pathname).toBe(new URL(REDIRECT_URI).pathname);
    expectCookieDeleted(res, flow.innerState);
  });

  it('when the cookie is missing', async () => {
    const flow = await consented();
    const res = await emulatorRequest(emu, flow.callbackUrl, new CookieJar());
    expect([res.status, await res.text()]).toEqual([
      400,
      'OAuth cookie not found. This is likely because you refreshed the page during the OAuth sign in process. Please try signing in again',
    ]);
    expectCookieDeleted(res, flow.innerState);
  });

  it('on an invalid grant (a code the provider did not issue)', async () => {
    const flow = await consented();
    const url = new URL(flow.callbackUrl);
    url.searchParams.set('code', 'forged');
    const res = await emulatorRequest(emu, url.toString(), flow.jar);
    expect([res.status, await res.text()]).toEqual([400, 'Inner OAuth callback failed due to invalid grant. Please try again.']);
    expectCookieDeleted(res, flow.innerState);
  });

  it('on an invalid state (a cookie without a flow)', async () => {
    const res = await emu.fetch('/api/v1/auth/oauth/callback/github?code=x&state=no-such-flow', { headers: { cookie: 'stack-oauth-inner-no-such-flow=true' } });
    expect([res.status, await res.text()]).toEqual([400, 'Invalid OAuth cookie. Please try signing in again.']);
    expectCookieDeleted(res, 'no-such-flow');
  });

  it('never echoes a state that is not a cookie name into Set-Cookie', async () => {
    const res = await emu.fetch(`/api/v1/auth/oauth/callback/github?code=x&state=${encodeURIComponent('a; Domain=evil.example.com')}`);
    expect([res.status, res.headers.getSetCookie()]).toEqual([400, []]);
  });

  it('when sign-up is not enabled (the error redirect carries the deletion too)', async () => {
    const flow = await consented();
    await setProjectConfig(emu, DEMO_PROJECT.id, { sign_up_enabled: false });
    try {
      const res = await emulatorRequest(emu, flow.callbackUrl, flow.jar);
      const target = new URL(res.headers.get('location') ?? '');
      expect([res.status, `${target.origin}${target.pathname}`, target.searchParams.get('errorCode')]).toEqual([303, ERROR_URI, 'SIGN_UP_NOT_ENABLED']);
      expectCookieDeleted(res, flow.innerState);
    } finally {
      await setProjectConfig(emu, DEMO_PROJECT.id, { sign_up_enabled: true });
    }
  });

  it('when the redirect URL is not whitelisted (answered directly when the error URL is untrusted too)', async () => {
    const untrusted = { redirect_uri: 'https://evil.example.com/cb', error_redirect_url: 'https://evil.example.com/error' };
    const flow = await consented({ extra: untrusted });
    const res = await emulatorRequest(emu, flow.callbackUrl, flow.jar);
    expect([res.status, res.headers.get('x-stack-known-error')]).toEqual([400, 'REDIRECT_URL_NOT_WHITELISTED']);
    expectCookieDeleted(res, flow.innerState);
  });
});

describe('a flow finished at another provider\'s callback', () => {
  it('a spotify flow at /callback/microsoft is 400 invalid grant, and creates no user', async () => {
    const email = uniqueEmail('mismatch');
    const flow = await consented({ provider: 'spotify', project: INTERNAL_PROJECT, email });
    expect(new URL(flow.callbackUrl).pathname).toBe('/api/v1/auth/oauth/callback/spotify');
    const url = new URL(flow.callbackUrl);
    url.pathname = '/api/v1/auth/oauth/callback/microsoft';
    const res = await emulatorRequest(emu, url.toString(), flow.jar);
    expect([res.status, res.headers.get('content-type'), await res.text()]).toEqual([
      400,
      'text/plain; charset=utf-8',
      'Inner OAuth callback failed due to invalid grant. Please try again.',
    ]);
    expectCookieDeleted(res, flow.innerState);
    const users = await emu.fetch(`/api/v1/users?query=${encodeURIComponent(email)}`, { accessType: 'server', project: INTERNAL_PROJECT });
    expect(((await users.json()) as { items: unknown[] }).items).toEqual([]);
  });
});
