import type { Plugin } from 'vite';

export interface ServiceWorkerPluginOptions {
  /** The worker entry, e.g. 'src/sw.ts'. */
  entry: string;
  /** Constants replaced in the worker code, as Vite's `define`. */
  define?: Record<string, string>;
  /** Output name, served from the site root. Default 'sw.js'. */
  fileName?: string;
  /**
   * Put the build's files (and the public folder's) in `__PRECACHE_MANIFEST__` for the worker,
   * as `{ url, revision }[]` (Workbox's precache manifest). Empty in dev.
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
