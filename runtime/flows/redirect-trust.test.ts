import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  UntrustedRedirectError,
  assertTrustedRedirect,
  isTrustedRedirect,
  resolveTrustedAbsoluteRedirect,
  resolveTrustedRedirect,
  stripOAuthParams,
  stripOAuthParamsFromRelative,
  stripOAuthParamsFromTarget,
  trustedOrigins,
} from './redirect-trust.ts';

const PAGE = new URL('https://app.example.com/handler/sign-in?x=1');

/** What a browser on `base` would navigate to for our output. */
function landsOnSameOrigin(target: string, base: URL): boolean {
  const url = new URL(target, base);
  return url.origin === base.origin && url.username === '' && url.password === '';
}

describe('fixed cases (§10.3)', () => {
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
    expect(() => assertTrustedRedirect(url)).toThrow(UntrustedRedirectError);
  });

  test('error text names the URL', () => {
    expect(() => assertTrustedRedirect('https://evil.com')).toThrow('Redirect URL https://evil.com is not trusted; should be relative.');
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

// Spec §2/§5: absolute targets are trusted when on the allowed domains list (the app's own origin and the
// project's trusted domains); everything else stays refused.
describe('absolute targets on trusted origins', () => {
  const origins = trustedOrigins(['https://app.example.com', 'https://login.example.org/base', 'http://localhost:3000', 'not a url', 'ftp://files.example.com']);

  test('the list keeps http(s) origins only', () => {
    expect([...origins].sort()).toEqual(['http://localhost:3000', 'https://app.example.com', 'https://login.example.org']);
  });

  test.each([
    ['https://app.example.com/welcome?x=1#top', 'https://app.example.com/welcome?x=1#top'],
    ['HTTPS://APP.EXAMPLE.COM/a/../b', 'https://app.example.com/b'],
    ['https://app.example.com:443/x', 'https://app.example.com/x'],
    ['https://login.example.org/anywhere', 'https://login.example.org/anywhere'],
    ['http://localhost:3000/in', 'http://localhost:3000/in'],
    ['https:\\\\app.example.com\\x', 'https://app.example.com/x'],
  ])('trusted: %j', (url, expected) => {
    expect(assertTrustedRedirect(url, PAGE, origins)).toBe(expected);
    expect(isTrustedRedirect(url, origins)).toBe(true);
  });

  test.each([
    'https://evil.com/x',
    'http://app.example.com/x',
    'https://app.example.com:8443/x',
    'https://sub.app.example.com/x',
    'https://app.example.com.evil.com/x',
    'http://localhost:3001/in',
    '//app.example.com/x',
    '\\\\app.example.com/x',
    'https://user:pass@app.example.com/x',
    'https://app.example.com@evil.com/x',
    'javascript:alert(1)//https://app.example.com',
    'data:text/html,https://app.example.com',
    'blob:https://app.example.com/uuid',
    'ftp://files.example.com/x',
  ])('untrusted: %j', (url) => {
    expect(resolveTrustedAbsoluteRedirect(url, origins)).toBeNull();
    expect(() => assertTrustedRedirect(url, PAGE, origins)).toThrow(UntrustedRedirectError);
  });

  test('without a list, absolute targets stay refused (the SDK message)', () => {
    expect(() => assertTrustedRedirect('https://app.example.com/x', PAGE)).toThrow('Redirect URL https://app.example.com/x is not trusted; should be relative.');
  });

  const domainList = fc.uniqueArray(fc.webUrl({ validSchemes: ['https', 'http'] }).map((u) => new URL(u).origin), { minLength: 0, maxLength: 4 });

  test('model: an accepted target is relative to the page or lands exactly on a listed origin', () => {
    const ui = fc.constantFrom('', 'user@', 'a:b@');
    const input = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.webUrl({ withQueryParameters: true, withFragments: true, validSchemes: ['https', 'http', 'ftp', 'javascript', 'data'] }),
      fc.tuple(domainList, fc.nat(), fc.webPath(), ui).map(([list, i, path, u]) => {
        const origin = list.length ? (list[i % list.length] as string) : 'https://x.example';
        return origin.replace('//', `//${u}`) + path;
      }),
    );
    fc.assert(
      fc.property(domainList, input, (list, url) => {
        const allowed = trustedOrigins(list);
        let target: string;
        try {
          target = assertTrustedRedirect(url, PAGE, allowed);
        } catch (error) {
          expect(error).toBeInstanceOf(UntrustedRedirectError);
          // Refused: then it was neither relative nor an http(s) URL of a listed origin without userinfo.
          const parsed = URL.canParse(url) ? new URL(url) : null;
          const onList = parsed !== null && allowed.has(parsed.origin) && parsed.username === '' && parsed.password === '' && /^https?:$/.test(parsed.protocol);
          expect(resolveTrustedRedirect(url, PAGE) === null && !onList).toBe(true);
          return;
        }
        const landed = new URL(target, PAGE);
        expect(landed.username + landed.password).toBe('');
        if (target.startsWith('/')) expect(landsOnSameOrigin(target, PAGE)).toBe(true);
        else expect(allowed.has(landed.origin)).toBe(true);
      }),
      { numRuns: 4000 },
    );
  });

  test('model: every listed origin accepts its own paths, and no unlisted origin is accepted', () => {
    fc.assert(
      fc.property(domainList, fc.webUrl({ validSchemes: ['https', 'http'], withQueryParameters: true }), (list, url) => {
        const allowed = trustedOrigins(list);
        const listed = allowed.has(new URL(url).origin) && new URL(url).username === '' && new URL(url).password === '';
        expect(resolveTrustedAbsoluteRedirect(url, allowed) !== null).toBe(listed);
        for (const origin of allowed) expect(resolveTrustedAbsoluteRedirect(`${origin}/p?q=1`, allowed)).toBe(`${origin}/p?q=1`);
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

  test('either kind of trusted target', () => {
    expect(stripOAuthParamsFromTarget('https://app.example.com/cb?code=1&state=2&a=3')).toBe('https://app.example.com/cb?a=3');
    expect(stripOAuthParamsFromTarget('/cb?state=2#h')).toBe('/cb#h');
  });

  test('relative target', () => {
    expect(stripOAuthParamsFromRelative('/x?code=1&state=2&after_auth_return_to=%2Fy#h')).toBe('/x?after_auth_return_to=%2Fy#h');
    expect(stripOAuthParamsFromRelative('/x')).toBe('/x');
  });
});
