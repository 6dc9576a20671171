import { describe, expect, it } from 'vitest';
import { gatherDiagnostics } from './diagnostics.ts';
import { fakeFetch } from '../../testing/runtime/http.ts';

describe('gatherDiagnostics', () => {
  it('probes only GET {apiUrl}/api/v1 and GET {apiUrl}/health, without keys or tokens', async () => {
    const { fetch, calls } = fakeFetch((call) =>
      call.url.endsWith('/health') ? Response.json({ status: 'ok' }) : new Response('Welcome to the Stack API endpoint!'),
    );
    const diagnostics = await gatherDiagnostics({ apiUrl: 'https://api.example.com', fetch, isOnline: () => true });
    expect(calls.map((c) => `${c.method} ${c.url}`).sort()).toEqual([
      'GET https://api.example.com/api/v1',
      'GET https://api.example.com/health',
    ]);
    for (const call of calls) {
      expect([...call.headers.keys()]).toEqual([]);
      expect(call.init.credentials).toBe('omit');
    }
    expect(diagnostics).toEqual({
      onLine: true,
      apiRoot: { ok: true, status: 200, body: 'Welcome to the Stack API endpoint!' },
      baseUrlBackend: { ok: true, status: 200, body: '{"status":"ok"}' },
    });
  });

  it('records a failing probe as an error string', async () => {
    const { fetch } = fakeFetch(() => {
      throw new TypeError('fetch failed');
    });
    const diagnostics = await gatherDiagnostics({ apiUrl: 'https://api.example.com', fetch, isOnline: () => false });
    expect(diagnostics).toEqual({
      onLine: false,
      apiRoot: { ok: false, error: 'TypeError: fetch failed' },
      baseUrlBackend: { ok: false, error: 'TypeError: fetch failed' },
    });
  });

  it('gives up on a probe that hangs once its timeout fires, even if fetch ignores the signal', async () => {
    const controllers: AbortController[] = [];
    const { fetch } = fakeFetch(() => new Promise<Response>(() => undefined));
    const pending = gatherDiagnostics({
      apiUrl: 'https://api.example.com',
      fetch,
      isOnline: () => true,
      timeoutMs: 1234,
      timeoutSignal: (ms) => {
        expect(ms).toBe(1234);
        const controller = new AbortController();
        controllers.push(controller);
        return controller.signal;
      },
    });
    for (const c of controllers) c.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    const diagnostics = await pending;
    expect(diagnostics.apiRoot).toEqual({ ok: false, error: 'TimeoutError: The operation timed out.' });
    expect(diagnostics.baseUrlBackend.ok).toBe(false);
  });
});
