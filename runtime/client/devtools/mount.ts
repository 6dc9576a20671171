// The devtools' entry in the page runtime: a few bytes that load the panel (./panel.ts) only when called.
import type { AuthDevtoolsOptions, MountedAuthDevtools } from './panel.ts';

export type { AuthDevtoolsControls, DevtoolsView } from './connection.ts';
export type { AuthDevtoolsOptions, MountedAuthDevtools } from './panel.ts';

/**
 * Mounts the devtools panel (a floating trigger) into `element`, for any app; React apps render `<AuthDevtoolsControls />`.
 * The panel's code is fetched on the first call. Resolves to the fault controls and an `unmount`.
 * @example
 * ```ts
 * import { mountAuthDevtools } from 'authworker';
 * const { devtools } = await mountAuthDevtools(document.body.appendChild(document.createElement('div'))); // development only
 * await devtools.expireAccessToken();
 * ```
 */
export async function mountAuthDevtools(element: HTMLElement, options: AuthDevtoolsOptions = {}): Promise<MountedAuthDevtools> {
  const { mountPanel } = await import('./panel.ts');
  return mountPanel(element, options);
}
