import { describe, expect, it } from 'vitest';
import { fakeAccessToken, makeHost } from '../../testing/runtime/host.ts';
import { forwardsAuthFor, reissuedRequestInit, sendWithAuthHeader, wantsAuthHeader } from './forward-auth.ts';

const ORIGIN = 'https://app.example';
const config = { pathPrefixes: ['/app-api/'], includeRefreshToken: false, navigations: false, crossSiteNavigations: false };

/** What the browser hands the worker for a page load: Node cannot build a 'navigate' request, so it is dressed as one. */
function navigation(url: string, init: RequestInit & { destination?: RequestDestination } = {}): Request {
  const { destination = 'document', ...rest } = init;
  const request = new Request(url, { credentials: 'include', redirect: 'manual', ...rest });
  Object.defineProperty(request, 'mode', { value: 'navigate' });
  Object.defineProperty(request, 'destination', { value: destination });
  return request;
}

describe('x-stack-auth forwarding', () => {
  it('applies to the configured same-origin prefixes only', () => {
    expect(wantsAuthHeader(new URL(`${ORIGIN}/app-api/me`), ORIGIN, config)).toBe(true);
    expect(wantsAuthHeader(new URL(`${ORIGIN}/other/me`), ORIGIN, config)).toBe(false);
    expect(wantsAuthHeader(new URL('https://evil.example/app-api/me'), ORIGIN, config)).toBe(false);
    expect(wantsAuthHeader(new URL(`${ORIGIN}/app-api/me`), ORIGIN, undefined)).toBe(false);
  });

  it('matches a prefix on a path-segment boundary, with or without its trailing slash', () => {
    const dashboard = { ...config, pathPrefixes: ['/dashboard'] };
    for (const path of ['/dashboard', '/dashboard/', '/dashboard/x', '/dashboard/x/y?z=1']) expect(wantsAuthHeader(new URL(`${ORIGIN}${path}`), ORIGIN, dashboard), path).toBe(true);
    for (const path of ['/dashboard-x', '/dashboardx', '/dash', '/other/dashboard']) expect(wantsAuthHeader(new URL(`${ORIGIN}${path}`), ORIGIN, dashboard), path).toBe(false);
    expect(wantsAuthHeader(new URL(`${ORIGIN}/app-api`), ORIGIN, config)).toBe(true);
    expect(wantsAuthHeader(new URL(`${ORIGIN}/app-apix/me`), ORIGIN, config)).toBe(false);
    expect(wantsAuthHeader(new URL(`${ORIGIN}/anything`), ORIGIN, { ...config, pathPrefixes: ['/'] })).toBe(true);
  });

  it.each(['/app-api/..%2fadmin', '/app-api/%2e%2e/admin', '/app-api/a%2fb', '/app-api//me', '/app-api/x/%252e%252e/y', '/app-api/%5c..%5cadmin', '/app-api/.%2e/x', '/app-api/me%23x', '/app-api/me%3fx'])(
    'never forwards a path with something left to resolve: %s',
    (path) => {
      expect(wantsAuthHeader(new URL(`${ORIGIN}${path}`), ORIGIN, config)).toBe(false);
    },
  );

  it('a URL parser resolves plain dot segments first: what is left is judged as it will be sent', () => {
    expect(wantsAuthHeader(new URL(`${ORIGIN}/app-api/../admin`), ORIGIN, config)).toBe(false);
    expect(wantsAuthHeader(new URL(`${ORIGIN}/admin/../app-api/me`), ORIGIN, config)).toBe(true);
  });

  it('adds a fresh access token, never the refresh token unless asked, and replaces a page-set header', async () => {
    const { host } = makeHost();
    const accessToken = fakeAccessToken('u1', Date.now() + 600_000);
    await host.establish({ refreshToken: 'rt-secret', accessToken, userId: 'u1' });
    const sent: Request[] = [];
    const fetchImpl: typeof fetch = async (input, init) => {
      sent.push(new Request(input, init));
      return new Response('ok');
    };
    const pageRequest = new Request(`${ORIGIN}/app-api/me`, { headers: { 'x-stack-auth': '{"accessToken":"forged"}', accept: 'text/plain' } });
    await sendWithAuthHeader(host, pageRequest, config, fetchImpl);
    expect(JSON.parse(sent[0]?.headers.get('x-stack-auth') ?? '')).toEqual({ accessToken, refreshToken: null });
    expect(sent[0]?.headers.get('accept')).toBe('text/plain');

    await sendWithAuthHeader(host, new Request(`${ORIGIN}/app-api/me`), { ...config, includeRefreshToken: true }, fetchImpl);
    expect(JSON.parse(sent[1]?.headers.get('x-stack-auth') ?? '')).toEqual({ accessToken, refreshToken: 'rt-secret' });
  });

  it('sends no header at all when signed out', async () => {
    const { host } = makeHost();
    const sent: Request[] = [];
    await sendWithAuthHeader(host, new Request(`${ORIGIN}/app-api/me`, { headers: { 'x-stack-auth': 'forged' } }), config, async (input, init) => {
      sent.push(new Request(input, init));
      return new Response('ok');
    });
    expect(sent[0]?.headers.has('x-stack-auth')).toBe(false);
  });
});

describe('x-stack-auth never follows a redirect', () => {
  async function signedIn() {
    const { host } = makeHost();
    await host.establish({ refreshToken: 'rt-secret', accessToken: fakeAccessToken('u1', Date.now() + 600_000), userId: 'u1' });
    const sent: Request[] = [];
    const redirecting: typeof fetch = async (input, init) => {
      sent.push(new Request(input, init));
      return new Response(null, { status: 307, headers: { location: 'http://foreign.test/log' } });
    };
    return { host, sent, redirecting };
  }

  it("sends a page's fetch with redirect manual and answers a redirect with the worker's typed error", async () => {
    const { host, sent, redirecting } = await signedIn();
    const answer = await sendWithAuthHeader(host, new Request(`${ORIGIN}/app-api/me`, { method: 'POST', body: 'x' }), config, redirecting);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.redirect).toBe('manual');
    expect(answer.status).toBe(502);
    expect(answer.headers.get('x-authworker-error')).toBe('redirect');
    expect(await answer.json()).toMatchObject({ code: 'AUTHWORKER_REDIRECT_REFUSED' });
  });

  it('hands a navigation (or a page that asked for manual) the redirect itself, for the browser to judge afresh', async () => {
    const { host, sent, redirecting } = await signedIn();
    expect((await sendWithAuthHeader(host, navigation(`${ORIGIN}/app-api/page`), { ...config, navigations: true }, redirecting)).status).toBe(307);
    expect((await sendWithAuthHeader(host, new Request(`${ORIGIN}/app-api/me`, { redirect: 'manual' }), config, redirecting)).status).toBe(307);
    expect(sent.map((r) => r.redirect)).toEqual(['manual', 'manual']);
  });

  it('lets a signed-out request (no header) follow as the page asked', async () => {
    const { host } = makeHost();
    const sent: Request[] = [];
    await sendWithAuthHeader(host, new Request(`${ORIGIN}/app-api/me`), config, async (input, init) => {
      sent.push(new Request(input, init));
      return new Response('ok');
    });
    expect(sent[0]?.redirect).toBe('follow');
  });
});

describe('x-stack-auth on navigations (server-rendered pages)', () => {
  const withNavigations = { ...config, navigations: true };

  it('leaves navigations alone unless navigations is on', () => {
    expect(forwardsAuthFor(navigation(`${ORIGIN}/app-api/page`), ORIGIN, config)).toBe(false);
    expect(forwardsAuthFor(new Request(`${ORIGIN}/app-api/me`), ORIGIN, config)).toBe(true);
  });

  it('takes top-level GET and HEAD page loads under the prefixes only: no frames, no form posts, no other paths', () => {
    const fromUs = { referrer: `${ORIGIN}/home` };
    expect(forwardsAuthFor(navigation(`${ORIGIN}/app-api/page`, fromUs), ORIGIN, withNavigations)).toBe(true);
    expect(forwardsAuthFor(navigation(`${ORIGIN}/app-api/page`, { ...fromUs, method: 'HEAD' }), ORIGIN, withNavigations)).toBe(true);
    expect(forwardsAuthFor(navigation(`${ORIGIN}/app-api/page`, { ...fromUs, method: 'POST', body: 'a=1' }), ORIGIN, withNavigations)).toBe(false);
    expect(forwardsAuthFor(navigation(`${ORIGIN}/app-api/page`, { ...fromUs, destination: 'iframe' }), ORIGIN, withNavigations)).toBe(false);
    expect(forwardsAuthFor(navigation(`${ORIGIN}/other-api/page`, fromUs), ORIGIN, withNavigations)).toBe(false);
    expect(forwardsAuthFor(navigation('https://evil.example/app-api/page', fromUs), ORIGIN, withNavigations)).toBe(false);
  });

  /** A page load another site started: the browser gives the worker that site as the referrer, or none. */
  function fromElsewhere(referrer: string): Request {
    const request = navigation(`${ORIGIN}/app-api/page`);
    Object.defineProperty(request, 'referrer', { value: referrer });
    return request;
  }

  it('leaves page loads that did not come from this origin untouched unless crossSiteNavigations is on', () => {
    const elsewhere = ['https://evil.example/links', 'https://sub.app.example/x', 'http://app.example/home', '', 'about:client', 'not a url'];
    for (const referrer of elsewhere) {
      expect(forwardsAuthFor(fromElsewhere(referrer), ORIGIN, withNavigations), referrer).toBe(false);
      expect(forwardsAuthFor(fromElsewhere(referrer), ORIGIN, { ...withNavigations, crossSiteNavigations: true }), referrer).toBe(true);
    }
    expect(forwardsAuthFor(fromElsewhere(`${ORIGIN}/home?x=1`), ORIGIN, withNavigations)).toBe(true);
    // crossSiteNavigations alone does not turn navigations on, and fetch calls never depend on the referrer.
    expect(forwardsAuthFor(fromElsewhere('https://evil.example/'), ORIGIN, { ...config, crossSiteNavigations: true })).toBe(false);
    expect(forwardsAuthFor(new Request(`${ORIGIN}/app-api/me`), ORIGIN, config)).toBe(true);
  });

  it('re-issues a navigation as a same-origin request: same URL, method, headers and credentials, redirect manual', () => {
    const page = navigation(`${ORIGIN}/app-api/page?tab=1`, {
      headers: { accept: 'text/html', 'upgrade-insecure-requests': '1' },
      cache: 'no-cache',
      referrer: `${ORIGIN}/home`,
      referrerPolicy: 'strict-origin-when-cross-origin',
    });
    const headers = new Headers(page.headers);
    headers.set('x-stack-auth', '{}');
    const init = reissuedRequestInit(page, headers, null);
    expect(init).toMatchObject({ method: 'GET', mode: 'same-origin', credentials: 'include', redirect: 'manual', cache: 'no-cache', body: null });
    expect(init.referrerPolicy).toBe('strict-origin-when-cross-origin');
    const sent = new Request(page.url, init);
    expect([sent.url, sent.mode, sent.redirect, sent.credentials]).toEqual([`${ORIGIN}/app-api/page?tab=1`, 'same-origin', 'manual', 'include']);
    expect(Object.fromEntries(sent.headers)).toEqual({ accept: 'text/html', 'upgrade-insecure-requests': '1', 'x-stack-auth': '{}' });
  });

  it('keeps a same-origin referrer and drops one from another site (a request may only name its own origin)', () => {
    const fromUs = reissuedRequestInit(navigation(`${ORIGIN}/app-api/page`, { referrer: `${ORIGIN}/home` }), new Headers(), null);
    expect(fromUs.referrer).toBe(`${ORIGIN}/home`);
    const fromElsewhere = navigation(`${ORIGIN}/app-api/page`);
    Object.defineProperty(fromElsewhere, 'referrer', { value: 'https://other.example/links' });
    expect(reissuedRequestInit(fromElsewhere, new Headers(), null).referrer).toBe('');
  });

  it('fetch and XHR requests keep their own mode and redirect handling', () => {
    const init = reissuedRequestInit(new Request(`${ORIGIN}/app-api/me`, { redirect: 'follow' }), new Headers(), null);
    expect(init.mode).toBeUndefined();
    expect(init.redirect).toBe('follow');
  });

  it('sends the access token on a navigation, the refresh token only when asked, and the response back as it came', async () => {
    const { host } = makeHost();
    const accessToken = fakeAccessToken('u1', Date.now() + 600_000);
    await host.establish({ refreshToken: 'rt-secret', accessToken, userId: 'u1' });
    const sent: Request[] = [];
    const upstream = new Response('<p>hello</p>', { headers: { 'content-type': 'text/html' } });
    const fetchImpl: typeof fetch = async (input, init) => {
      sent.push(new Request(input, init));
      return upstream;
    };
    const page = navigation(`${ORIGIN}/app-api/page`, { headers: { 'x-stack-auth': '{"accessToken":"forged"}' } });
    expect(await sendWithAuthHeader(host, page, withNavigations, fetchImpl)).toBe(upstream);
    expect(JSON.parse(sent[0]?.headers.get('x-stack-auth') ?? '')).toEqual({ accessToken, refreshToken: null });
    expect([sent[0]?.mode, sent[0]?.redirect]).toEqual(['same-origin', 'manual']);
    await sendWithAuthHeader(host, navigation(`${ORIGIN}/app-api/page`), { ...withNavigations, includeRefreshToken: true }, fetchImpl);
    expect(JSON.parse(sent[1]?.headers.get('x-stack-auth') ?? '')).toEqual({ accessToken, refreshToken: 'rt-secret' });
  });
});
