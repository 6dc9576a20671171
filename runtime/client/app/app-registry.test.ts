import { describe, expect, it, vi } from 'vitest';
import { AppRegistry } from './app-registry.ts';

describe('AppRegistry', () => {
  it('refuses a uniqueIdentifier used twice', () => {
    const registry = new AppRegistry();
    registry.register({ uniqueIdentifier: 'main' });
    expect(() => registry.register({ uniqueIdentifier: 'main' })).toThrow('uniqueIdentifier "main" already exists');
    expect(() => registry.register({ uniqueIdentifier: 'other' })).not.toThrow();
  });

  it('warns from the eleventh prefetching app on, and not for apps without automatic prefetch', () => {
    const registry = new AppRegistry();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (let i = 0; i < 10; i++) registry.register({});
    registry.register({ noAutomaticPrefetch: true });
    expect(warn).not.toHaveBeenCalled();
    registry.register({});
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('11 StackClientApps with automatic prefetching');
    warn.mockRestore();
  });
});
