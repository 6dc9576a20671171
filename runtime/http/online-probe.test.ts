import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultIsOnline } from './online-probe.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('defaultIsOnline', () => {
  it('is false only when navigator.onLine is false', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(defaultIsOnline()).toBe(false);
    vi.stubGlobal('navigator', { onLine: true });
    expect(defaultIsOnline()).toBe(true);
  });

  it('counts a host without navigator.onLine (Node) as online', () => {
    vi.stubGlobal('navigator', undefined);
    expect(defaultIsOnline()).toBe(true);
    vi.stubGlobal('navigator', {});
    expect(defaultIsOnline()).toBe(true);
  });
});
