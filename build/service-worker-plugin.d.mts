import type { Plugin } from 'vite';

export interface ServiceWorkerPluginOptions {
  /** The worker entry, e.g. 'src/sw.ts'. */
  entry: string;
  /** Constants replaced in the worker code, as Vite's `define`. */
  define?: Record<string, string>;
  /** Output name, served from the site root. Default 'sw.js'. */
  fileName?: string;
  /**
   * Precache the app shell, so the app starts offline after its first visit. Default true: the built worker
   * precaches the build's files (and the public folder's) with Workbox and serves the built `index.html` for every
   * navigation it has no other answer for. A worker entry that reads `__PRECACHE_MANIFEST__` (Workbox's
   * `{ url, revision }[]` manifest, empty in dev) precaches for itself and gets only the manifest. `false`: no
   * precache, and an empty manifest.
   */
  precache?: boolean;
  /**
   * Add `<link rel="modulepreload">` to each built page for the authworker chunks its first signed-in render
   * needs (the operations and the user mapping, otherwise found one after the other). Default true.
   */
  startupPreload?: boolean;
  /**
   * Vite 8 (Rolldown) builds: keep that start-up code in one chunk (`authworker-startup`) instead of a chunk per
   * module the lazy chunks share. Left out where the app sets `manualChunks`, `advancedChunks`, several outputs or
   * no code splitting. Default true.
   */
  startupChunk?: boolean;
  /**
   * Build the worker with the devtools (`installAuthWorker(self, { devtools: true })` answers the panel only in
   * such a build). Default: in development (`vite` dev server) only; never set it for a production deployment.
   */
  devtools?: boolean;
}

export declare function serviceWorkerPlugin(options: ServiceWorkerPluginOptions): Plugin;
