/// <reference lib="webworker" />
// The app shell the Vite plugin adds after the app's worker entry (build/app-shell.mjs): Workbox's precache of
// the build's files and a navigation route to index.html. The package ships it built as dist/app-shell.js with
// Workbox inlined, so an app that precaches installs no Workbox of its own.
import { createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/** One file of the build, as the plugin's `__PRECACHE_MANIFEST__` lists it (Workbox's manifest entry). */
export interface PrecacheEntry {
  url: string;
  revision: string;
}

/**
 * Precaches `manifest` (nothing in dev, where it is empty) and, when the build has an index.html, answers every
 * navigation no earlier listener answered with it (a single-page app's client-side routes load offline too).
 */
export function precacheAppShell(manifest: readonly PrecacheEntry[]): void {
  if (manifest.length === 0) return;
  precacheAndRoute([...manifest]);
  if (manifest.some((entry) => entry.url === '/index.html')) registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html')));
}
