import { describe, expect, it } from 'vitest';
import { fakeAccessToken, makeHost } from '../runtime/host/test-support.ts';
import { sendWithAuthHeader, wantsAuthHeader } from './forward-auth.ts';

const ORIGIN = 'https://app.example';
const config = { pathPrefixes: ['/app-api/'], includeRefreshToken: false };

describe('x-stack-auth forwarding', () => {
  it('applies to the configured same-origin prefixes only', () => {
    expect(wantsAuthHeader(new URL(`${ORIGIN}/app-api/me`), ORIGIN, config)).toBe(true);
    expect(wantsAuthHeader(new URL(`${ORIGIN}/other/me`), ORIGIN, config)).toBe(false);
    expect(wantsAuthHeader(new URL('https://evil.example/app-api/me'), ORIGIN, config)).toBe(false);
    expect(wantsAuthHeader(new URL(`${ORIGIN}/app-api/me`), ORIGIN, undefined)).toBe(false);
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
