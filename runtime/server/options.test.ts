import { describe, expect, it } from 'vitest';
import { DEFAULT_BASE_URL, resolveBaseUrl } from './options.ts';

describe('resolveBaseUrl', () => {
  it('prefers the explicit option and strips trailing slashes', () => {
    expect(resolveBaseUrl('http://localhost:8102//', { NEXT_PUBLIC_STACK_API_URL: 'https://env.example' })).toBe('http://localhost:8102');
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
