import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError, OFFLINE_MESSAGE, OfflineError } from './errors.ts';

describe('client-side-only error texts (protocol.md §9)', () => {
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

  it('NetworkError starts with the exact text, then the cause, then the diagnostics JSON', () => {
    const cause = new TypeError('fetch failed');
    const diagnostics = { onLine: true, apiRoot: { ok: false, error: 'x' } };
    const error = new NetworkError(cause, diagnostics);
    expect(error.message).toBe(
      'Stack Auth is unable to connect to the server. Please check your internet connection and try again.\n\n' +
        'If the problem persists, please contact support and provide a screenshot of your entire browser console.\n\n' +
        'TypeError: fetch failed\n\n' +
        JSON.stringify(diagnostics, null, 2),
    );
    expect(error.diagnostics).toBe(diagnostics);
    expect(error.cause).toBe(cause);
    expect(error.name).toBe('NetworkError');
  });

  it('HttpError reads "Failed to send request to <url>: <status> <body>"', () => {
    const error = new HttpError('https://api.example.com/api/v1/users/me', 403, 'Cannot update another user');
    expect(error.message).toBe('Failed to send request to https://api.example.com/api/v1/users/me: 403 Cannot update another user');
    expect(error.status).toBe(403);
    expect(error.url).toBe('https://api.example.com/api/v1/users/me');
    expect(error.body).toBe('Cannot update another user');
  });
});
