import { expect, test } from 'vitest';
import { inPageChannelName } from './lazy-in-page-host.ts';

test('the page-hosted session shares the project channel, except in memory mode (one session per tab)', () => {
  expect(inPageChannelName({ projectId: 'p1', persistence: 'indexeddb' })).toBe('authworker:p1');
  expect(inPageChannelName({ projectId: 'p1' })).toBe('authworker:p1');
  const memory = inPageChannelName({ projectId: 'p1', persistence: 'memory' });
  expect(memory).toMatch(/^authworker:p1:tab:[0-9a-f-]{36}$/);
  expect(inPageChannelName({ projectId: 'p1', persistence: 'memory' })).not.toBe(memory);
});
