// The invariant "a request that carries a credential never follows a redirect" (ARCHITECTURE.md) for the
// pipeline and the token endpoint, on a fake fetch: every credentialed request asks for 'manual', and a
// redirect answer ends the request with RedirectRefusedError after exactly one fetch.
import { describe, expect, it } from 'vitest';
import { apiResponseError, rebuildBridgeError } from '../client/backend/bridge-errors.ts';
import { toBridgeError } from '../host/api.ts';
import { requestRefreshGrant, requestAuthorizationCodeGrant } from '../session/refresh-grant.ts';
import { RedirectRefusedError } from './redirect-refused-error.ts';
import { fakeFetch, fakeSession, setupPipeline, TEST_API } from '../../testing/runtime/http.ts';

const redirectTo = (status: number) => () => new Response(null, { status, headers: { location: 'http://foreign.test/steal' } });

/** What a browser hands back under redirect: 'manual' (status 0, no headers); Node cannot build one. */
function opaqueRedirect(): Response {
  const response = new Response(null, { status: 200 });
  Object.defineProperty(response, 'type', { value: 'opaqueredirect' });
  Object.defineProperty(response, 'status', { value: 0 });
  return response;
}

describe('pipeline: credentialed requests never follow a redirect', () => {
  it.each([301, 302, 303, 307, 308])('a %i answer to a request with the access token is RedirectRefusedError, no retry', async (status) => {
    const { pipeline, calls } = setupPipeline(redirectTo(status));
    const error = await pipeline.send({ path: '/users/me', session: fakeSession(['at-1']) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectRefusedError);
    expect(error).toMatchObject({ status, location: 'http://foreign.test/steal', url: `${TEST_API}/api/v1/users/me` });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.redirect).toBe('manual');
  });

  it("refuses a browser's opaque redirect the same way", async () => {
    const { pipeline } = setupPipeline(opaqueRedirect);
    await expect(pipeline.sendJson({ path: '/users/me', session: fakeSession(['at-1']) }, { parse: (x) => x })).rejects.toMatchObject({
      name: 'RedirectRefusedError',
      status: null,
    });
  });

  it('asks for manual redirects whenever a credential or a body goes out', async () => {
    const cases = [
      { cfg: {}, req: { path: '/auth/sessions/current', method: 'DELETE', session: fakeSession(['']), sendRefreshToken: true } },
      { cfg: {}, req: { path: '/auth/password/sign-in', method: 'POST', json: { email: 'a@b.c', password: 'secret' } } },
      { cfg: { accessType: 'server' as const, secretServerKey: 'ssk' }, req: { path: '/users' } },
      { cfg: { accessType: 'admin' as const, secretServerKey: 'ssk', superSecretAdminKey: 'sak' }, req: { path: '/internal/projects/current' } },
      { cfg: {}, req: { path: '/users/me', headers: { 'x-stack-admin-access-token': 'owner-at' } } },
    ];
    for (const { cfg, req } of cases) {
      const { pipeline, calls } = setupPipeline(redirectTo(307), cfg);
      await expect(pipeline.send(req)).rejects.toBeInstanceOf(RedirectRefusedError);
      expect(calls.map((c) => c.init.redirect)).toEqual(['manual']);
    }
  });

  it('lets a request that carries nothing follow redirects as fetch does by default', async () => {
    const { pipeline, calls } = setupPipeline(() => Response.json({ ok: true }));
    await pipeline.send({ path: '/projects/current' });
    expect(calls[0]?.init.redirect).toBeUndefined();
  });
});

describe('token endpoint: the refresh token and the code never follow a redirect', () => {
  it.each([307, 308, 302])('a %i answer to the refresh grant is refused at once (one request, no retries)', async (status) => {
    const { fetch, calls } = fakeFetch(redirectTo(status));
    const cfg = { apiUrl: TEST_API, projectId: 'p', publishableClientKey: 'pck', fetch, retry: { sleep: async () => undefined } };
    await expect(requestRefreshGrant(cfg, 'rt-secret')).rejects.toBeInstanceOf(RedirectRefusedError);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.redirect).toBe('manual');
  });

  it('refuses a redirect of the authorization-code grant', async () => {
    const { fetch, calls } = fakeFetch(opaqueRedirect);
    const grant = { code: 'c', codeVerifier: 'v'.repeat(43), redirectUri: 'http://app.test/cb' };
    await expect(requestAuthorizationCodeGrant({ apiUrl: TEST_API, projectId: 'p', publishableClientKey: 'pck', fetch }, grant)).rejects.toBeInstanceOf(RedirectRefusedError);
    expect(calls[0]?.init.redirect).toBe('manual');
  });
});

describe('the page gets the typed error back', () => {
  it('across the bridge and from a worker answer', async () => {
    const original = new RedirectRefusedError(`${TEST_API}/api/v1/users/me`, 307, 'http://foreign.test/');
    const rebuilt = await rebuildBridgeError(toBridgeError(original));
    expect(rebuilt).toBeInstanceOf(RedirectRefusedError);
    expect(rebuilt.message).toBe(original.message);

    const answer = new Response(JSON.stringify({ code: 'AUTHWORKER_REDIRECT_REFUSED', error: original.message }), { status: 502, headers: { 'x-authworker-error': 'redirect' } });
    const fromWorker = await apiResponseError(answer, await answer.clone().text(), `${TEST_API}/api/v1/users/me`);
    expect(fromWorker).toBeInstanceOf(RedirectRefusedError);
    expect(fromWorker.message).toBe(original.message);
  });
});
