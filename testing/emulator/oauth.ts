// Drives the OAuth redirect dance over app.request(): authorize -> provider (consent page or an external
// OIDC provider) -> callback -> the client's redirect_uri, carrying cookies like a browser would.
import { expect } from 'vitest';
import { DEMO_PROJECT, type SeedProject } from '../../emulator/domain/seed.ts';
import { TEST_ORIGIN, type TestEmulator } from './emulator.ts';

export const REDIRECT_URI = 'http://localhost:3000/handler/oauth-callback';
export const ERROR_URI = 'http://localhost:3000/handler/error';

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
  return { verifier, challenge };
}

export function authorizeUrl(
  provider: string,
  o: { challenge: string; state: string; method?: string; extra?: Record<string, string>; project?: SeedProject },
): string {
  const project = o.project ?? DEMO_PROJECT;
  const q = new URLSearchParams({
    client_id: project.id,
    client_secret: project.publishableClientKey,
    redirect_uri: REDIRECT_URI,
    scope: 'legacy',
    state: o.state,
    grant_type: 'authorization_code',
    code_challenge: o.challenge,
    code_challenge_method: o.method ?? 'S256',
    response_type: 'code',
    type: 'authenticate',
    error_redirect_url: ERROR_URI,
    ...o.extra,
  });
  return `/api/v1/auth/oauth/authorize/${provider}?${q.toString()}`;
}

/** A tiny cookie jar: name -> value, for the emulator origin only. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response): void {
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (!name) continue;
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(header)) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** Requests a URL on the emulator (absolute or relative) with the jar's cookies. */
export async function emulatorRequest(emu: TestEmulator, url: string, jar: CookieJar, init: RequestInit = {}): Promise<Response> {
  const absolute = new URL(url, TEST_ORIGIN);
  const headers = new Headers(init.headers);
  if (jar.header()) headers.set('cookie', jar.header());
  const res = await emu.app.request(absolute.toString(), { ...init, headers, redirect: 'manual' });
  jar.store(res);
  return res;
}

/** Exchanges the code at the token endpoint as oauth4webapi does (form, no X-Stack headers). */
export async function exchangeCode(emu: TestEmulator, code: string, verifier: string, redirectUri = REDIRECT_URI): Promise<Response> {
  return emu.app.request(`${TEST_ORIGIN}/api/v1/auth/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      client_id: DEMO_PROJECT.id,
      client_secret: DEMO_PROJECT.publishableClientKey,
    }).toString(),
  });
}

/** authorize -> consent page (form posted with `identity`) -> callback; returns the final redirect (303, or 307 in the 2.7 dialect). */
export async function consentFlow(emu: TestEmulator, provider: string, identity: Record<string, string> | 'deny', extra: Record<string, string> = {}, method = 'S256') {
  const { verifier, challenge } = await pkcePair();
  const state = crypto.randomUUID();
  const jar = new CookieJar();
  const authorize = await emulatorRequest(emu, authorizeUrl(provider, { challenge: method === 'plain' ? verifier : challenge, state, method, extra }), jar);
  expect(authorize.status).toBe(307);
  expect(authorize.headers.get('set-cookie')).toMatch(/^stack-oauth-inner-[\w-]+=true; Path=\/; Expires=[^;]+ GMT; Max-Age=600; HttpOnly$/);
  const consentUrl = authorize.headers.get('location') ?? '';
  const consent = await emulatorRequest(emu, consentUrl, jar);
  const html = await consent.text();
  expect(html).toContain('<label for="email">E-mail</label>');
  const innerState = new URL(consentUrl).searchParams.get('state') ?? '';
  const form = identity === 'deny' ? { state: innerState, action: 'deny' } : { state: innerState, action: 'allow', ...identity };
  const posted = await emulatorRequest(emu, consentUrl, jar, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  expect(posted.status).toBe(303);
  const callback = await emulatorRequest(emu, posted.headers.get('location') ?? '', jar);
  return { callback, verifier, state, jar, callbackUrl: posted.headers.get('location') ?? '' };
}

export async function signInViaConsent(emu: TestEmulator, provider: string, identity: Record<string, string>, extra: Record<string, string> = {}) {
  const flow = await consentFlow(emu, provider, identity, extra);
  expect([303, 307]).toContain(flow.callback.status);
  const target = new URL(flow.callback.headers.get('location') ?? '');
  expect(`${target.origin}${target.pathname}`).toBe(REDIRECT_URI);
  expect(target.searchParams.get('state')).toBe(flow.state);
  const code = target.searchParams.get('code') ?? '';
  expect(code).toMatch(/^[0-9a-f]{64}$/);
  const token = await exchangeCode(emu, code, flow.verifier);
  return { token, body: (await token.json()) as Record<string, unknown>, code, verifier: flow.verifier };
}
