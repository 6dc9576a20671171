import { describe, expect, it } from 'vitest';
import { DEFAULT_BASE_URL, resolveBaseUrl } from './options.ts';

describe('resolveBaseUrl', () => {
  it('prefers the explicit option and strips trailing slashes', () => {
    expect(resolveBaseUrl('http://localhost:8102//', { NEXT_PUBLIC_STACK_API_URL: 'https://env.example' })).toBe('http://localhost:8102');
  });

  it('accepts a base URL that already ends in /api/v1 (with or without a slash): the paths are not doubled', () => {
    expect(resolveBaseUrl('http://localhost:8102/api/v1', {})).toBe('http://localhost:8102');
    expect(resolveBaseUrl('https://api.example/auth/api/v1/', {})).toBe('https://api.example/auth');
    expect(resolveBaseUrl('https://api.example/api/v10', {})).toBe('https://api.example/api/v10');
  });

  it('takes the server half of the split form', () => {
    expect(resolveBaseUrl({ browser: 'https://b.example', server: 'http://internal:8102' }, {})).toBe('http://internal:8102');
  });

  it('falls back through the environment variables in SDK order', () => {
    expect(resolveBaseUrl(undefined, { NEXT_PUBLIC_STACK_URL: 'https://c', NEXT_PUBLIC_STACK_API_URL: 'https://b' })).toBe('https://b');
    expect(resolveBaseUrl(undefined, { NEXT_PUBLIC_SERVER_STACK_API_URL: 'https://a', NEXT_PUBLIC_STACK_API_URL: 'https://b' })).toBe('https://a');
    expect(resolveBaseUrl(undefined, { NEXT_PUBLIC_STACK_URL: 'https://c/' })).toBe('https://c');
  });

  it('defaults to the hosted API', () => {
    expect(resolveBaseUrl(undefined, {})).toBe(DEFAULT_BASE_URL);
  });
});
