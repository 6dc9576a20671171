// Absolute redirect targets (spec §2/§5): trusted on the page's origin or the project's trusted domains;
// everything else stays refused. Property-based, with the domain list in the model.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { assertTrustedTarget, resolveTrustedAbsoluteRedirect, stripOAuthParamsFromTarget, trustedOrigins, trustedRedirectTarget } from './redirect-origins.ts';
import { resolveTrustedRedirect, UntrustedRedirectError } from './redirect-trust.ts';

const PAGE = new URL('https://app.example.com/handler/sign-in?x=1');

function landsOnSameOrigin(target: string, base: URL): boolean {
  const url = new URL(target, base);
  return url.origin === base.origin && url.username === '' && url.password === '';
}

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
    expect(assertTrustedTarget(url, PAGE, origins)).toBe(expected);
    expect(resolveTrustedAbsoluteRedirect(url, origins)).toBe(expected);
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
    expect(() => assertTrustedTarget(url, PAGE, origins)).toThrow(UntrustedRedirectError);
  });

  test('without a list, absolute targets stay refused (the SDK message)', () => {
    expect(() => assertTrustedTarget('https://app.example.com/x', PAGE, new Set())).toThrow('Redirect URL https://app.example.com/x is not trusted; should be relative.');
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
          target = assertTrustedTarget(url, PAGE, allowed);
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

describe('trustedRedirectTarget', () => {
  test('relative and same-origin targets need no project read; others use its domains; code and state go', async () => {
    let reads = 0;
    const domains = async () => {
      reads++;
      return ['https://accounts.example.org'];
    };
    expect(await trustedRedirectTarget('/x?code=1&a=2', PAGE, domains)).toBe('/x?a=2');
    expect(await trustedRedirectTarget('https://app.example.com/y?state=s', PAGE, domains)).toBe('https://app.example.com/y');
    expect(reads).toBe(0);
    expect(await trustedRedirectTarget('https://accounts.example.org/z?code=c#h', PAGE, domains)).toBe('https://accounts.example.org/z#h');
    await expect(trustedRedirectTarget('https://evil.example.com/', PAGE, domains)).rejects.toThrow(UntrustedRedirectError);
    expect(reads).toBe(2);
  });

  test('stripping keeps the kind of target', () => {
    expect(stripOAuthParamsFromTarget('https://app.example.com/cb?code=1&state=2&a=3')).toBe('https://app.example.com/cb?a=3');
    expect(stripOAuthParamsFromTarget('/cb?state=2#h')).toBe('/cb#h');
  });
});
