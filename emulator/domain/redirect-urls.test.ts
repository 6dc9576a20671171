import { describe, expect, it } from 'vitest';
import { isTrustedRedirectUrl } from './redirect-urls.ts';

describe('isTrustedRedirectUrl', () => {
  const domains = [{ domain: 'https://app.example.com/base', handler_path: '/handler' }];
  it('accepts localhost only when allowed', () => {
    for (const url of ['http://localhost:3000/x', 'http://app.localhost/x', 'http://127.0.0.1:9/x']) {
      expect(isTrustedRedirectUrl(url, { allow_localhost: true, domains: [] })).toBe(true);
      expect(isTrustedRedirectUrl(url, { allow_localhost: false, domains: [] })).toBe(false);
    }
  });
  it('matches trusted domains by protocol, hostname (any port) and path prefix', () => {
    const config = { allow_localhost: false, domains };
    expect(isTrustedRedirectUrl('https://app.example.com:8443/base/cb', config)).toBe(true);
    expect(isTrustedRedirectUrl('http://app.example.com/base/cb', config)).toBe(false);
    expect(isTrustedRedirectUrl('https://evil.example.com/base/cb', config)).toBe(false);
    expect(isTrustedRedirectUrl('https://app.example.com/other', config)).toBe(false);
    expect(isTrustedRedirectUrl('not a url', config)).toBe(false);
  });
});
