import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCanonicalApiPath, normaliseApiPath } from './api-path.ts';
import { isTokenMinting, pageRequestRefusal } from './token-endpoints.ts';
import { hiddenMintingRequests } from '../../testing/runtime/hidden-endpoints.ts';

const MINTING = ['/auth/oauth/token', '/auth/password/sign-in', '/auth/password/sign-up', '/auth/otp/sign-in', '/auth/mfa/sign-in', '/auth/passkey/sign-in', '/auth/sessions', '/auth/sessions/current/refresh', '/auth/anonymous/sign-up'];

/** Spellings a URL parser or router may resolve to `/`: the separator tricks. */
const slash = fc.constantFrom('/', '//', '\\', '%2f', '%2F', '%252f', '/./', '/%2e/', '/%2E/');
/** A detour: a segment, then a way back out of it. */
const detour = fc.tuple(fc.constantFrom('x', 'users', 'a.b', '%2e%2e%2e'), fc.constantFrom('/../', '/%2e%2e/', '/%2E%2e/', '/.%2e/', '\\..\\', '/%252e%252e/')).map(([segment, back]) => `${segment}${back}`);

/** `path` written with tricks: each separator replaced by a spelling of `/`, detours inserted at random. */
const disguised = fc.constantFrom(...MINTING).chain((path) => {
  const segments = path.split('/').slice(1);
  return fc
    .tuple(fc.array(slash, { minLength: segments.length, maxLength: segments.length }), fc.array(fc.option(detour), { minLength: segments.length, maxLength: segments.length }))
    .map(([separators, detours]) => segments.map((segment, i) => `${separators[i]}${detours[i] ?? ''}${segment}`).join(''))
    .filter((candidate) => candidate.startsWith('/') || candidate.startsWith('\\'))
    .map((candidate) => ({ path, candidate }));
});

describe('normaliseApiPath', () => {
  it.each([
    ['/auth/x/../password/sign-in', '/auth/password/sign-in'],
    ['/auth/x/%2e%2e/password/sign-in', '/auth/password/sign-in'],
    ['/auth/x/%2E%2E/password/sign-in', '/auth/password/sign-in'],
    ['/auth%2fpassword%2Fsign-in', '/auth/password/sign-in'],
    ['/auth\\password\\sign-in', '/auth/password/sign-in'],
    ['//auth///password//sign-in', '/auth/password/sign-in'],
    ['/auth/./password/sign-in', '/auth/password/sign-in'],
    ['/auth/x/%252e%252e/password/sign-in', '/auth/password/sign-in'],
    ['/../../auth/oauth/token', '/auth/oauth/token'],
    ['/users/me/', '/users/me/'],
    ['/users/me?q=../../x', '/users/me'],
    ['', '/'],
  ])('%s -> %s', (raw, resolved) => {
    expect(normaliseApiPath(raw)).toBe(resolved);
  });

  it('leaves the paths pages really send alone', () => {
    for (const path of ['', '/', '/users/me', '/users/me/', '/teams?user_id=me', '/contact-channels/3f1c5d2e-0000-4000-8000-000000000000', '/users/me?x=%2e%2e']) {
      expect(isCanonicalApiPath(path)).toBe(true);
      expect(pageRequestRefusal('GET', path)).toBeNull();
    }
  });
});

describe('the page-request guard (property)', () => {
  it('refuses every disguised spelling of a token-minting endpoint', () => {
    fc.assert(
      fc.property(disguised, ({ path, candidate }) => {
        expect(normaliseApiPath(candidate)).toBe(path);
        expect(pageRequestRefusal('POST', candidate)).not.toBeNull();
        expect(isTokenMinting('POST', candidate)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses any path whose resolved form differs from what was written', () => {
    const piece = fc.constantFrom('users', 'me', 'auth', 'password', 'sign-in', '.', '..', '%2e', '%2E%2e', '', '\\', '%2f', '%5C', '%25');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const path = `/${pieces.join('/')}`;
        const refusal = pageRequestRefusal('POST', path);
        if (normaliseApiPath(path) !== path) expect(refusal).not.toBeNull();
        if (isTokenMinting('POST', normaliseApiPath(path))) expect(refusal).toBe('token-minting');
      }),
      { numRuns: 2000 },
    );
  });
});


describe('a fragment, a query or their escapes never hide a token-minting endpoint', () => {
  it.each(hiddenMintingRequests())('%s %s is refused', (method, path) => {
    expect(pageRequestRefusal(method, path)).not.toBeNull();
  });

  it('cuts the path where fetch and decoders cut it', () => {
    expect(normaliseApiPath('/auth/password/sign-in#x')).toBe('/auth/password/sign-in');
    expect(normaliseApiPath('/auth/password/sign-in%23x')).toBe('/auth/password/sign-in');
    expect(normaliseApiPath('/auth/password/sign-in%253Fx')).toBe('/auth/password/sign-in');
    expect(isCanonicalApiPath('/users/me#x')).toBe(false);
    expect(isCanonicalApiPath('/users/me%23x')).toBe(false);
    expect(isCanonicalApiPath('/users/me?q=%23x%3f')).toBe(true);
  });
});
