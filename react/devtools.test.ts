// @vitest-environment happy-dom
// <AuthDevtools /> in StrictMode: React mounts it, unmounts it and mounts it again, and the panel's trigger stays
// (the cancelled first mount must not clear what the second one drew in the shared shadow root).
import { act, createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it, vi } from 'vitest';
import { AuthDevtools } from './devtools.tsx';
import type { AuthDevtoolsControls } from '../runtime/client/index.ts';

const container = document.body.appendChild(document.createElement('div'));
const root = createRoot(container);
afterEach(() => {
  act(() => root.unmount());
  vi.unstubAllGlobals();
});

it('shows the trigger once, mounted twice in StrictMode, and says why no worker answers', async () => {
  vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', true);
  const ready: AuthDevtoolsControls[] = [];
  await act(async () => root.render(createElement(StrictMode, null, createElement(AuthDevtools, { onReady: (devtools) => ready.push(devtools) }))));
  await vi.waitFor(() => expect(ready).toHaveLength(1));
  // Every mount's import has settled by now: the first one's cancellation ran too.
  await act(() => new Promise((settled) => setTimeout(settled, 20)));
  const shadow = container.querySelector('[data-authworker-devtools]')?.shadowRoot;
  expect(shadow?.querySelectorAll('.aw-dt-trigger')).toHaveLength(1);
  expect(shadow?.querySelectorAll('style')).toHaveLength(1);
  // happy-dom has no service worker: the panel's view says so, and what to do.
  expect(ready[0]?.view.unavailable).toMatch(/^No service worker controls this page/);
});
