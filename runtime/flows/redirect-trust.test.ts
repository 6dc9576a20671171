import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  UntrustedRedirectError,
  isTrustedRedirect,
  resolveRedirectTarget,
  resolveTrustedRedirect,
  stripOAuthParams,
  stripOAuthParamsFromRelative,
} from './redirect-trust.ts';
import { isLocalhost, matchesTrustedDomain } from './trusted-domains.ts';

const PAGE = new URL('https://app.example.com/handler/sign-in?x=1');

/** What a browser on `base` would navigate to for our output. */
function landsOnSameOrigin(target: string, base: URL): boolean {
  const url = new URL(target, base);
  return url.origin === base.origin && url.username === '' && url.password === '';
}

describe('fixed cases', () => {
  test.each(['/x', 'x', '?a', '#h', '/a/b?c=d#e', '/%2F%2Fevil.com', '／／evil.com', 'user@evil.com'])('trusted: %j', (url) => {
    expect(isTrustedRedirect(url)).toBe(true);
  });

  test.each([
    'https://evil.com',
    'http://evil.com',
    '//evil.com',
    '///evil.com',
    '/\\evil.com',
    '\\\\evil.com',
    '\\/evil.com',
    ' //evil.com',
    '\t//evil.com',
    '\n/\n/evil.com',
    '/\t/evil.com',
    '/.//evil.com',
    '/..//evil.com',
    'https:evil.com',
    'HTTPS:evil.com',
    'http:evil.com',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'blob:https://evil.com/x',
    'about:blank',
    '//user:pass@evil.com',
    'https://app.example.com@evil.com',
    '\u0000//evil.com',
    'ftp://evil.com',
  ])('untrusted: %j', (url) => {
    expect(isTrustedRedirect(url)).toBe(false);
    expect(resolveTrustedRedirect(url, PAGE)).toBeNull();
  });

  test('error text names the URL', () => {
    expect(new UntrustedRedirectError('https://evil.com').message).toBe('Redirect URL https://evil.com is not trusted; should be relative.');
  });

  test('path-relative targets keep their meaning against the current page', () => {
    expect(resolveTrustedRedirect('x', PAGE)).toBe('/handler/x');
    expect(resolveTrustedRedirect('?a=1', PAGE)).toBe('/handler/sign-in?a=1');
    expect(resolveTrustedRedirect('/x', PAGE)).toBe('/x');
  });
});

describe('properties', () => {
  const bases = [PAGE, new URL('http://localhost:5173/'), new URL('https://a.example.net/deep/path/page?q')];

  test('whatever is accepted stays on the page origin, for any base', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (input) => {
        const target = resolveTrustedRedirect(input, PAGE);
        if (target === null) return;
        expect(target.startsWith('/')).toBe(true);
        expect(target.startsWith('//')).toBe(false);
        expect(target.includes('\\')).toBe(false);
        for (const base of bases) expect(landsOnSameOrigin(target, base)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  test('absolute URLs are never trusted', () => {
    fc.assert(
      fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
        expect(isTrustedRedirect(url)).toBe(false);
      }),
    );
  });

  const host = fc.domain();
  const ws = fc.constantFrom('', ' ', '\t', '\n', '\r\n', '\u0000', '\u001f', '\u000b');
  const mixCase = (s: string) =>
    fc.array(fc.boolean(), { minLength: s.length, maxLength: s.length }).map((flags) =>
      [...s].map((ch, i) => (flags[i] ? ch.toUpperCase() : ch)).join(''),
    );
  const scheme = fc.constantFrom('http', 'https', 'javascript', 'data', 'ftp', 'ws', 'file', 'vbscript', 'blob').chain(mixCase);
  const slash = fc.constantFrom('/', '\\', '%2F', '%5C', '\t/', '/\t');
  const userinfo = fc.constantFrom('', 'user@', 'user:pass@', 'app.example.com@', '%40@');

  test('scheme-carrying inputs (mixed case, leading whitespace/control chars, userinfo) are rejected', () => {
    fc.assert(
      fc.property(ws, scheme, fc.constantFrom(':', ':/', '://', ':\\\\', ':/\\'), userinfo, host, (lead, s, sep, ui, h) => {
        expect(isTrustedRedirect(`${lead}${s}${sep}${ui}${h}/p`)).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  test('protocol-relative and backslash variants are rejected unless percent-encoded', () => {
    fc.assert(
      fc.property(ws, slash, slash, userinfo, host, (lead, a, b, ui, h) => {
        const input = `${lead}${a}${b}${ui}${h}`;
        const target = resolveTrustedRedirect(input, PAGE);
        if (target !== null) for (const base of bases) expect(landsOnSameOrigin(target, base)).toBe(true);
        const decodedSlashes = [a, b].every((x) => !x.startsWith('%'));
        if (decodedSlashes) expect(target).toBeNull();
      }),
      { numRuns: 3000 },
    );
  });

  test('unicode and encoded paths that are relative stay relative', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 4 }), (segments) => {
        const input = `/${segments.map(encodeURIComponent).join('/')}`;
        const target = resolveTrustedRedirect(input);
        expect(target).not.toBeNull();
        expect(landsOnSameOrigin(target as string, PAGE)).toBe(true);
      }),
    );
  });

  test('fc.webPath() targets are trusted (when not protocol-relative)', () => {
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        fc.pre(!path.startsWith('//') && path !== '');
        expect(isTrustedRedirect(path)).toBe(!new URL(path, PAGE).pathname.startsWith('//'));
      }),
    );
  });
});

describe('code/state stripping', () => {
  test('absolute URL', () => {
    const { url, stripped } = stripOAuthParams(new URL('https://app.example.com/cb?code=1&a=2&state=3#h'));
    expect(url.toString()).toBe('https://app.example.com/cb?a=2#h');
    expect(stripped).toEqual(['code', 'state']);
  });

  test('relative target', () => {
    expect(stripOAuthParamsFromRelative('/x?code=1&state=2&after_auth_return_to=%2Fy#h')).toBe('/x?after_auth_return_to=%2Fy#h');
    expect(stripOAuthParamsFromRelative('/x')).toBe('/x');
  });
});

// As the published client: absolute targets on this page's origin, on a trusted domain (wildcards
// included), or on localhost when the project allows it; never a script URL, userinfo or another scheme.
describe('absolute targets (RedirectTrust)', () => {
  const trust = { currentUrl: PAGE, trustedDomains: ['https://*.example.org', 'https://accounts.example.net', 'http://localhost:*'] };

  test.each([
    ['https://app.example.com/welcome?x=1#top', '/welcome?x=1#top'],
    ['HTTPS://APP.EXAMPLE.COM/a/../b', '/b'],
    ['https://app.example.com:443/x', '/x'],
    ['https:\\\\app.example.com\\x', '/x'],
    ['https://app.example.com//evil.com/x', 'https://app.example.com//evil.com/x'],
    ['https://login.example.org/in', 'https://login.example.org/in'],
    ['https://accounts.example.net/', 'https://accounts.example.net/'],
    ['http://localhost:3000/in', 'http://localhost:3000/in'],
  ])('trusted: %j -> %j', (url, expected) => {
    expect(resolveRedirectTarget(url, trust)).toBe(expected);
    expect(isTrustedRedirect(url, trust)).toBe(true);
  });

  test.each([
    'https://evil.com/x',
    'http://app.example.com/x',
    'https://app.example.com:8443/x',
    'https://a.b.example.org/x',
    'https://example.org/x',
    'http://login.example.org/x',
    'https://accounts.example.net:8443/',
    'https://app.example.com.evil.com/x',
    'https://user:pass@login.example.org/x',
    'https://login.example.org@evil.com/x',
    'http://127.0.0.1:3000/',
    'javascript://localhost/%0aalert(1)',
    'javascript:alert(1)//https://login.example.org',
    'data:text/html,https://login.example.org',
    'blob:https://login.example.org/uuid',
    'ftp://login.example.org/x',
    'ws://login.example.org/x',
  ])('untrusted: %j', (url) => {
    expect(resolveRedirectTarget(url, trust)).toBeNull();
    expect(resolveRedirectTarget(url, { ...trust, trustedDomains: [...trust.trustedDomains, 'ftp://login.example.org', 'ws://login.example.org'] })).toBeNull();
  });

  test("the project's allow-localhost setting: any localhost target over http(s), never a script URL", () => {
    const local = { currentUrl: PAGE, allowLocalhost: true };
    for (const url of ['http://localhost:5173/x', 'https://app.localhost/', 'http://127.0.0.1:9/', 'http://[::1]:3000/']) expect(isTrustedRedirect(url, local), url).toBe(true);
    for (const url of ['http://localhost:5173/x', 'http://127.0.0.1:9/']) expect(isTrustedRedirect(url, { currentUrl: PAGE }), url).toBe(false);
    // The published client lets this one through (its localhost check reads the host of any scheme).
    expect(isTrustedRedirect('javascript://localhost/%0aalert(1)', local)).toBe(false);
    expect(isTrustedRedirect('http://user@localhost/', local)).toBe(false);
  });

  test('without a current URL the page is `location`, when there is one', () => {
    expect(isTrustedRedirect('https://app.example.com/x')).toBe(false);
    expect(isTrustedRedirect('https://app.example.com/x', { currentUrl: 'https://app.example.com/here' })).toBe(true);
  });

  const entries = fc.uniqueArray(
    fc.oneof(
      fc.webUrl({ validSchemes: ['https', 'http'] }).map((u) => new URL(u).origin),
      fc.tuple(fc.constantFrom('https', 'http'), fc.domain()).map(([s, d]) => `${s}://*.${d}`),
    ),
    { maxLength: 4 },
  );
  const input = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.webUrl({ withQueryParameters: true, withFragments: true, validSchemes: ['https', 'http', 'ftp', 'javascript', 'data'] }),
    fc.tuple(fc.constantFrom('https', 'http'), fc.domain(), fc.constantFrom('', 'user@', 'a:b@'), fc.webPath()).map(([s, d, ui, path]) => `${s}://${ui}x.${d}${path}`),
  );

  test('model: a target is followed exactly when relative, on this origin, on localhost when allowed, or on an entry', () => {
    fc.assert(
      fc.property(entries, fc.boolean(), input, (trustedDomains, allowLocalhost, url) => {
        const target = resolveRedirectTarget(url, { currentUrl: PAGE, trustedDomains, allowLocalhost });
        const parsed = URL.canParse(url) ? new URL(url) : null;
        const listed =
          parsed !== null &&
          /^https?:$/.test(parsed.protocol) &&
          parsed.username + parsed.password === '' &&
          (parsed.origin === PAGE.origin || (allowLocalhost && isLocalhost(parsed)) || trustedDomains.some((entry) => matchesTrustedDomain(parsed, entry)));
        expect(target !== null).toBe(resolveTrustedRedirect(url, PAGE) !== null || listed);
        if (target === null) return;
        const landed = new URL(target, PAGE);
        expect(landed.username + landed.password).toBe('');
        expect(['https:', 'http:']).toContain(landed.protocol);
        if (target.startsWith('/')) expect(landsOnSameOrigin(target, PAGE)).toBe(true);
      }),
      { numRuns: 4000 },
    );
  });
});
