// Trusted-domain entries matched as the published client (`@stackframe/stack-shared` 2.8.108, validateRedirectUrl)
// and the backend match them: fixed cases from their own tests and documentation, then properties.
import { validateRedirectUrl } from '@stackframe/stack-shared/dist/utils/redirect-urls';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isLocalhost, matchesTrustedDomain } from './trusted-domains.ts';

const matches = (url: string, entry: string) => matchesTrustedDomain(new URL(url), entry);

describe('exact entries: scheme, host and port, never the path', () => {
  test.each([
    ['https://example.com', 'https://example.com'],
    ['https://example.com/any/path?q=1#h', 'https://example.com'],
    ['https://example.com:443/x', 'https://example.com'],
    ['https://example.com/x', 'https://example.com:443'],
    ['https://login.example.org/elsewhere', 'https://login.example.org/base'],
    ['http://localhost:3000/in', 'http://localhost:3000'],
    ['https://EXAMPLE.com/', 'https://example.COM'],
  ])('%s is on %s', (url, entry) => {
    expect(matches(url, entry)).toBe(true);
  });

  test.each([
    ['http://example.com/', 'https://example.com'],
    ['https://example.com:8443/', 'https://example.com'],
    ['https://sub.example.com/', 'https://example.com'],
    ['https://example.com.evil.com/', 'https://example.com'],
    ['https://evil.com/', 'https://example.com'],
    ['http://localhost:3001/', 'http://localhost:3000'],
    ['https://example.com/', 'not a url'],
    ['https://example.com/', ''],
    ['https://example.com/', 'example.com'],
  ])('%s is not on %s', (url, entry) => {
    expect(matches(url, entry)).toBe(false);
  });
});

describe('wildcard entries', () => {
  test.each([
    ['https://api.example.com/x', 'https://*.example.com'],
    ['https://www.example.com', 'https://*.example.com'],
    ['https://api.example.com', 'https://*.EXAMPLE.com'],
    ['https://api.v2.example.com', 'https://**.example.com'],
    ['https://api.example.com', 'https://**.example.com'],
    ['https://app-42.example.com', 'https://app-*.example.com'],
    ['http://localhost:5173/', 'http://localhost:*'],
    ['http://localhost/', 'http://localhost:*'],
    ['https://api.example.com:8443/', 'https://*.example.com:8443'],
    ['https://api.example.com:8443/', 'https://*.example.com:*'],
    ['https://api.example.com/', 'https://*.example.com/handler'],
  ])('%s is on %s', (url, entry) => {
    expect(matches(url, entry)).toBe(true);
  });

  test.each([
    ['https://example.com', 'https://*.example.com'],
    ['https://api.v2.example.com', 'https://*.example.com'],
    ['http://api.example.com', 'https://*.example.com'],
    ['https://api.example.com:8443', 'https://*.example.com'],
    ['https://api.example.com', 'https://*.example.com:8443'],
    ['https://api.example.com.evil.com', 'https://*.example.com'],
    ['https://apixexample.com', 'https://*.example.com'],
    ['https://example.com', 'https://**.example.com'],
    ['http://127.0.0.1:5173/', 'http://localhost:*'],
    ['https://api.example.com', '*.example.com'],
    ['https://api.example.com', 'https://'],
    ['https://ex+ample.com', 'https://*.ex+ample.com'],
  ])('%s is not on %s', (url, entry) => {
    expect(matches(url, entry)).toBe(false);
  });
});

describe('isLocalhost', () => {
  test.each(['http://localhost', 'https://localhost:8080', 'http://app.localhost:5173', 'http://127.0.0.1', 'http://127.1.2.3:9', 'http://[::1]:3000'])('%s is', (url) => {
    expect(isLocalhost(new URL(url))).toBe(true);
  });

  test.each(['https://example.com', 'http://192.168.1.1', 'http://10.0.0.1', 'http://localhost.example.com', 'http://128.0.0.1', 'http://[::2]'])('%s is not', (url) => {
    expect(isLocalhost(new URL(url))).toBe(false);
  });
});

describe('properties', () => {
  const httpUrl = fc.webUrl({ validSchemes: ['https', 'http'], withQueryParameters: true, withFragments: true }).map((u) => new URL(u));
  // No `-`: a label like `xn--a` is invalid punycode, which the URL parser refuses.
  const label = fc.stringMatching(/^[a-z0-9]{1,10}$/);

  test('an exact entry matches exactly the URLs of its origin', () => {
    fc.assert(
      fc.property(httpUrl, httpUrl, (url, other) => {
        expect(matchesTrustedDomain(url, url.origin)).toBe(true);
        expect(matchesTrustedDomain(other, url.href)).toBe(other.origin === url.origin);
      }),
      { numRuns: 1000 },
    );
  });

  test('`*.` covers exactly one more label of the same scheme and default port; `**.` any number', () => {
    fc.assert(
      fc.property(fc.domain(), label, label, fc.constantFrom('https', 'http'), (domain, a, b, scheme) => {
        const entry = `${scheme}://*.${domain}`;
        const deep = `${scheme}://**.${domain}`;
        expect(matches(`${scheme}://${a}.${domain}/p`, entry)).toBe(true);
        expect(matches(`${scheme}://${a}.${b}.${domain}/p`, entry)).toBe(false);
        expect(matches(`${scheme}://${a}.${b}.${domain}/p`, deep)).toBe(true);
        expect(matches(`${scheme}://${domain}/p`, entry)).toBe(false);
        expect(matches(`${scheme === 'https' ? 'http' : 'https'}://${a}.${domain}/p`, entry)).toBe(false);
        expect(matches(`${scheme}://${a}.${domain}:8081/p`, entry)).toBe(false);
        expect(matches(`${scheme}://${a}.${domain}.evil.test/p`, entry)).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  test('no entry matches a URL of another scheme', () => {
    fc.assert(
      fc.property(httpUrl, fc.constantFrom('ftp:', 'ws:', 'wss:', 'file:'), (url, scheme) => {
        const other = new URL(url.href.replace(/^https?:/, scheme));
        for (const entry of [url.origin, `${url.protocol}//*.${url.hostname}`, `${url.protocol}//**`, `${url.protocol}//${url.hostname}:*`]) {
          expect(matchesTrustedDomain(other, entry)).toBe(false);
        }
      }),
    );
  });
});

describe('agrees with the published client (@stackframe/stack-shared 2.8.108 validateRedirectUrl)', () => {
  // Few labels and ports, so that generated URLs and entries often meet.
  const labelOf = fc.constantFrom('app', 'api', 'example', 'com', 'org', 'v2', 'app-1', 'localhost');
  const host = fc.array(labelOf, { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.'));
  const port = fc.constantFrom('', ':443', ':80', ':8443', ':3000');
  const scheme = fc.constantFrom('https', 'http');
  const url = fc.tuple(scheme, host, port, fc.constantFrom('/', '/handler/x', '/a?b=c#d')).map(([s, h, p, path]) => `${s}://${h}${p}${path}`);
  const hostPatternOf = fc.array(fc.oneof(labelOf, fc.constantFrom('*', '**', 'app-*')), { minLength: 1, maxLength: 4 }).map((labels) => labels.join('.'));
  const entry = fc.tuple(scheme, hostPatternOf, fc.constantFrom('', ':443', ':8443', ':3000', ':*'), fc.constantFrom('', '/', '/handler')).map(([s, h, p, path]) => `${s}://${h}${p}${path}`);

  test('on every entry and URL, with allow-localhost off', () => {
    fc.assert(
      fc.property(url, entry, (target, domain) => {
        const theirs = validateRedirectUrl(target, { allowLocalhost: false, trustedDomains: [domain] });
        expect(matches(target, domain), `${target} on ${domain}`).toBe(theirs);
      }),
      { numRuns: 5000 },
    );
  });

  test('on localhost URLs, with allow-localhost on', () => {
    const local = fc.tuple(scheme, fc.constantFrom('localhost', 'app.localhost', '127.0.0.1', '127.9.8.7', '[::1]', 'localhost.example.com', '10.0.0.1'), port).map(([s, h, p]) => `${s}://${h}${p}/`);
    fc.assert(
      fc.property(local, (target) => {
        expect(isLocalhost(new URL(target)), target).toBe(validateRedirectUrl(target, { allowLocalhost: true, trustedDomains: [] }));
      }),
    );
  });
});
