// A React root for unit tests under happy-dom, driven by fake timers through act(): a fresh one for each test.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, vi } from 'vitest';

/** Registers the set-up and tear-down of the file's tests; call it once at the top level of a test file. */
export function actRoot() {
  let container = document.createElement('div');
  let root: Root | null = null;
  beforeEach(() => {
    vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
    vi.useFakeTimers();
    container = document.createElement('div');
    document.body.append(container);
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = null;
    container.remove();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  return {
    /** Renders `element` and lets its first effects run. */
    render: async (element: ReactNode) => {
      const mounted = createRoot(container);
      root = mounted;
      await act(async () => mounted.render(element));
    },
    /** What a person reads in the root. */
    shown: () => container.textContent ?? '',
    container: () => container,
    /** Moves the fake clock, inside act(). */
    advance: (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms)),
  };
}
