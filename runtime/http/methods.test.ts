import { describe, expect, it } from 'vitest';
import { isIdempotentMethod } from './methods.ts';

describe('isIdempotentMethod', () => {
  it.each(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE', 'get', 'Delete'])('%s is idempotent', (method) => {
    expect(isIdempotentMethod(method)).toBe(true);
  });

  it.each(['POST', 'PATCH', 'post', 'CONNECT'])('%s is not', (method) => {
    expect(isIdempotentMethod(method)).toBe(false);
  });

  it('treats a missing method as GET', () => {
    expect(isIdempotentMethod(undefined)).toBe(true);
  });
});
