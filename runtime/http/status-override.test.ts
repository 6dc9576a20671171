import { describe, expect, it } from 'vitest';
import { readActualStatus, restoreActualStatus } from './status-override.ts';

describe('restoreActualStatus', () => {
  it('rebuilds an overridden response with its real status, keeping headers and the unread body', async () => {
    const overridden = new Response('{"code":"X"}', {
      status: 200,
      headers: { 'x-stack-actual-status': '404', 'x-stack-known-error': 'X', 'content-type': 'application/json' },
    });
    const restored = restoreActualStatus(overridden);
    expect(restored.status).toBe(404);
    expect(restored.ok).toBe(false);
    expect(restored.headers.get('x-stack-known-error')).toBe('X');
    expect(restored.headers.get('x-stack-actual-status')).toBe('404');
    expect(restored.bodyUsed).toBe(false);
    expect(await restored.text()).toBe('{"code":"X"}');
  });

  it('returns a response without the header untouched', () => {
    const plain = new Response('hi', { status: 201 });
    expect(restoreActualStatus(plain)).toBe(plain);
  });

  it('ignores an unreadable or out-of-range actual status', () => {
    for (const value of ['abc', '99', '600', '4044', '']) {
      const response = new Response('x', { headers: { 'x-stack-actual-status': value } });
      expect(readActualStatus(response.headers)).toBeNull();
      expect(restoreActualStatus(response)).toBe(response);
    }
  });

  it('restores 429 and 508 too', () => {
    for (const status of [429, 500, 508]) {
      const response = new Response('x', { headers: { 'x-stack-actual-status': String(status) } });
      expect(restoreActualStatus(response).status).toBe(status);
    }
  });
});
