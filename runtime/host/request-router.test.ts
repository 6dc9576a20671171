// The worker's request router on a real session host (createSessionHost, memory persistence) and a fake
// network: which requests get the session's headers, which pass through, what is refused, and that paths are
// normalised before any allow or deny check.
import { describe, expect, it } from 'vitest';
import { NO_SESSION_HEADER, WORKER_ERROR_HEADER } from '../bridge/messages.ts';
import { createSessionHost } from './create-session-host.ts';
import { createRequestRouter, type RequestRouterOptions } from './request-router.ts';
import { fakeAccessToken, recordingBroadcaster } from '../../testing/runtime/host.ts';

const API = 'https://api.example';
const APP = 'https://app.example';
const REFRESH_TOKEN = 'rt-of-the-session';

/** A signed-in host whose network answers every API request with `answer` (default: a body with token fields). */
async function setup(options: { answer?: (request: Request) => Response; router?: Partial<RequestRouterOptions> } = {}) {
  const sent: Request[] = [];
  const accessToken = fakeAccessToken('user-1', Date.now() + 600_000);
  const network: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    sent.push(request);
    if (options.answer) return options.answer(request);
    return Response.json({ id: 'user-1', access_token: 'leaked?', refresh_token: 'leaked?' });
  };
  const broadcaster = recordingBroadcaster();
  const services = createSessionHost({
    apiUrl: API,
    projectId: 'p',
    publishableClientKey: 'pck',
    persistence: 'memory',
    publish: broadcaster,
    fetch: network,
    oauthLinkTrampolineBase: `${APP}/__authworker/oauth-link/`,
  });
  await services.host.establish({ refreshToken: REFRESH_TOKEN, accessToken, userId: 'user-1' });
  const route = createRequestRouter(services, { apiUrl: API, ownOrigin: APP, fetch: network, ...options.router });
  return { services, route, sent, accessToken, broadcaster };
}

/** What the browser hands the worker for a page load: Node cannot build a 'navigate' request, so it is dressed as one. */
function navigation(url: string): Request {
  const request = new Request(url, { redirect: 'manual' });
  Object.defineProperty(request, 'mode', { value: 'navigate' });
  Object.defineProperty(request, 'destination', { value: 'document' });
  return request;
}

describe('request router: what gets the session', () => {
  it("sends the configured API's requests with the project's headers and the access token, token fields removed from the answer", async () => {
    const { route, sent, accessToken } = await setup();
    // A PATCH: the kind of answer that can carry token fields (GETs outside /auth/ stream through unread).
    const answer = await route(new Request(`${API}/api/v1/users/me`, { method: 'PATCH', body: '{}', headers: { 'x-stack-access-type': 'admin', accept: 'application/json' } }));
    expect(answer).not.toBeNull();
    expect(await answer!.json()).toEqual({ id: 'user-1' });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(`${API}/api/v1/users/me`);
    expect(sent[0]!.headers.get('x-stack-project-id')).toBe('p');
    // A page's identity headers are replaced, never trusted.
    expect(sent[0]!.headers.get('x-stack-access-type')).toBe('client');
    expect(sent[0]!.headers.get('x-stack-access-token')).toBe(accessToken);
    expect(sent[0]!.headers.get('x-stack-refresh-token')).toBeNull();
    expect(sent[0]!.headers.get('accept')).toBe('application/json');
  });

  it('sends no user tokens when the page asks for a call without the session', async () => {
    const { route, sent } = await setup();
    await route(new Request(`${API}/api/v1/projects/current`, { headers: { [NO_SESSION_HEADER]: '1' } }));
    expect(sent[0]!.headers.get('x-stack-access-token')).toBeNull();
    expect(sent[0]!.headers.has(NO_SESSION_HEADER)).toBe(false);
  });

  it.each([
    ['another origin', 'https://evil.example/api/v1/users/me'],
    ['the API origin over http', 'http://api.example/api/v1/users/me'],
    ['another path prefix', `${API}/api/v10/users/me`],
    ['a path outside the API', `${API}/health`],
    ["the app's own page", `${APP}/account`],
    ["the app's own API when no forwardAuthTo is set", `${APP}/app-api/me`],
  ])('lets %s pass untouched', async (_, url) => {
    const { route, sent } = await setup();
    expect(route(new Request(url))).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it("adds x-stack-auth to the app's own routes under forwardAuthTo, on its own origin only", async () => {
    const forwardAuthTo = { pathPrefixes: ['/app-api/'], includeRefreshToken: false, navigations: false, crossSiteNavigations: false };
    const { route, sent, accessToken } = await setup({ router: { forwardAuthTo } });
    expect(route(new Request('https://evil.example/app-api/me'))).toBeNull();
    expect(route(new Request(`${APP}/other/me`))).toBeNull();
    await route(new Request(`${APP}/app-api/me`));
    expect(sent.map((request) => request.url)).toEqual([`${APP}/app-api/me`]);
    expect(JSON.parse(sent[0]!.headers.get('x-stack-auth') ?? '')).toEqual({ accessToken, refreshToken: null });
  });

  it('answers an API redirect with an error instead of following it with the token', async () => {
    const { route, sent } = await setup({ answer: () => new Response(null, { status: 307, headers: { location: 'https://evil.example/steal' } }) });
    const answer = await route(new Request(`${API}/api/v1/users/me`));
    expect(answer!.status).toBe(502);
    expect(answer!.headers.get(WORKER_ERROR_HEADER)).toBe('redirect');
    expect(sent.every((request) => request.redirect === 'manual')).toBe(true);
    expect(sent.map((request) => new URL(request.url).origin)).not.toContain('https://evil.example');
  });
});

describe('request router: what is refused', () => {
  it.each([
    ['/auth/password/sign-in'],
    ['/auth/password/sign-up'],
    ['/auth/oauth/token'],
    ['/auth/sessions/current/refresh'],
    ['/auth/sessions'],
  ])('refuses the token endpoint POST %s from pages without a request', async (path) => {
    const { route, sent } = await setup();
    const answer = await route(new Request(`${API}/api/v1${path}`, { method: 'POST', body: '{}' }));
    expect(answer!.status).toBe(403);
    expect(answer!.headers.get(WORKER_ERROR_HEADER)).toBe('refused');
    expect(await answer!.text()).toContain('token-issuing endpoints are called by the service worker only');
    expect(sent).toHaveLength(0);
  });

  it.each([
    ['/auth/x/..%2fpassword/sign-in', 'token-issuing'],
    ['/auth/x/%2e%2e/password/sign-in', 'token-issuing'],
    ['/auth/password%2Fsign-in', 'token-issuing'],
    ['/auth%5coauth%5ctoken', 'token-issuing'],
    ['/auth//password/sign-in', 'token-issuing'],
    ['/users/me/..%2f..%2fteams', 'not a canonical API path'],
    ['/users//me', 'not a canonical API path'],
  ])('normalises %s before the check, and refuses it (%s)', async (path, reason) => {
    const { route, sent } = await setup();
    const answer = await route(new Request(`${API}/api/v1${path}`, { method: 'POST', body: '{}' }));
    expect(answer!.status).toBe(403);
    expect(await answer!.text()).toContain(reason);
    expect(sent).toHaveLength(0);
  });

  it('refuses a path outside the prefix that a decoding server would route under it', async () => {
    const { route, sent } = await setup();
    const answer = await route(new Request(`${API}/api/v2/..%2fv1/auth/password/sign-in`, { method: 'POST', body: '{}' }));
    expect(answer!.status).toBe(403);
    expect(sent).toHaveLength(0);
  });
});

describe('request router: sign-out and account linking', () => {
  it("turns the page's sign-out request into a full sign-out: every tab told, the revoke sent with the refresh token", async () => {
    const { route, sent, services, broadcaster } = await setup({ answer: () => Response.json({ success: true }) });
    const answer = await route(new Request(`${API}/api/v1/auth/sessions/current`, { method: 'DELETE', body: '{}' }));
    expect(answer!.status).toBe(200);
    expect(await answer!.json()).toEqual({ success: true });
    expect(services.host.snapshot.status).toBe('signed-out');
    expect(broadcaster.posted.at(-1)).toMatchObject({ status: 'signed-out', userId: null });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('DELETE');
    expect(sent[0]!.headers.get('x-stack-refresh-token')).toBe(REFRESH_TOKEN);
  });

  it('redirects a prepared account-linking navigation with the token, once, and only as a top-level navigation', async () => {
    const { route, services, accessToken } = await setup();
    const authorizeUrl = `${API}/api/v1/auth/oauth/authorize/github?type=link&client_id=p`;
    const prepared = await services.api.prepareOAuthLink({ authorizeUrl });
    const navigateTo = prepared.ok ? prepared.value.navigateTo : '';
    expect(navigateTo.startsWith(`${APP}/__authworker/oauth-link/`)).toBe(true);
    // A script's fetch of the trampoline is not ours: it could read the redirect.
    expect(route(new Request(navigateTo))).toBeNull();
    const answer = await route(navigation(navigateTo));
    expect(answer!.status).toBe(303);
    expect(new URL(answer!.headers.get('location') ?? '').searchParams.get('token')).toBe(accessToken);
    expect((await route(navigation(navigateTo)))!.status).toBe(410);
  });
});
