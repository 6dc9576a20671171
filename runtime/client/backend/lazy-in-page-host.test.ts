import { expect, test, vi } from 'vitest';
import { inPageChannelName } from './in-page-host-options.ts';

test('the page-hosted session shares the project channel, except in memory mode (one session per tab)', () => {
  expect(inPageChannelName({ projectId: 'p1', persistence: 'indexeddb' })).toBe('authworker:p1');
  expect(inPageChannelName({ projectId: 'p1' })).toBe('authworker:p1');
  const memory = inPageChannelName({ projectId: 'p1', persistence: 'memory' });
  expect(memory).toMatch(/^authworker:p1:tab:[0-9a-f-]{36}$/);
  expect(inPageChannelName({ projectId: 'p1', persistence: 'memory' })).not.toBe(memory);
});

test('the weaker-mode warning is for a fallback from the worker, not for a token store the app chose', async () => {
  const { InPageHost } = await import('./in-page-host.ts');
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    const base = { apiUrl: 'http://api.test', projectId: 'p1', publishableClientKey: 'pck', fetch: async () => new Response(null, { status: 503 }) };
    new InPageHost({ ...base, persistence: 'memory' });
    expect(warn).not.toHaveBeenCalled();
    new InPageHost({ ...base, persistence: 'indexeddb' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no service worker'));
  } finally {
    warn.mockRestore();
  }
});
