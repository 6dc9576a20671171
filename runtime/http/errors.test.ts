import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError, OFFLINE_MESSAGE, OfflineError } from './errors.ts';

describe('client-side-only error texts', () => {
  it('OfflineError carries the exact offline text and its cause', () => {
    const cause = new TypeError('Failed to fetch');
    const error = new OfflineError(cause);
    expect(error.message).toBe(
      'Failed to send Stack network request. It seems like you are offline. (window.navigator.onLine is falsy)',
    );
    expect(OFFLINE_MESSAGE).toBe(error.message);
    expect(error.cause).toBe(cause);
    expect(error.name).toBe('OfflineError');
    expect(error).toBeInstanceOf(Error);
  });

  it('NetworkError names the URL it tried and no vendor, then the cause, then the diagnostics JSON', () => {
    const cause = new TypeError('fetch failed');
    const diagnostics = { onLine: true, apiRoot: { ok: false, error: 'x' } };
    const url = 'http://localhost:8102/api/v1/users/me';
    const error = new NetworkError(cause, diagnostics, url);
    expect(error.message).toBe(
      `Unable to connect to ${url}. Check the internet connection, the API URL and that its server is up, then try again.\n\n` +
        'TypeError: fetch failed\n\n' +
        JSON.stringify(diagnostics, null, 2),
    );
    // Any Stack-compatible backend, and a Node server too: no vendor, no browser console.
    expect(error.message).not.toMatch(/Stack Auth|browser console/);
    expect(error.url).toBe(url);
    expect(error.diagnostics).toBe(diagnostics);
    expect(error.cause).toBe(cause);
    expect(error.name).toBe('NetworkError');
  });

  it("NetworkError carries the cause chain: Node's fetch keeps the reason (or only its code) inside 'fetch failed'", () => {
    const refused = Object.assign(new AggregateError([], ''), { code: 'ECONNREFUSED' });
    const error = new NetworkError(new TypeError('fetch failed', { cause: refused }), {}, 'http://localhost:8102/api/v1');
    expect(error.message.split('\n\n')[1]).toBe('TypeError: fetch failed (AggregateError ECONNREFUSED)');
  });

  it('NetworkError without a URL says "the server"', () => {
    expect(new NetworkError('x', {}).message).toMatch(/^Unable to connect to the server\./);
  });

  it('HttpError reads "Failed to send request to <url>: <status> <body>"', () => {
    const error = new HttpError('https://api.example.com/api/v1/users/me', 403, 'Cannot update another user');
    expect(error.message).toBe('Failed to send request to https://api.example.com/api/v1/users/me: 403 Cannot update another user');
    expect(error.status).toBe(403);
    expect(error.url).toBe('https://api.example.com/api/v1/users/me');
    expect(error.body).toBe('Cannot update another user');
  });
});
