import type { Plugin } from 'vite';

export interface ServiceWorkerPluginOptions {
  /** The worker entry, e.g. 'src/sw.ts'. */
  entry: string;
  /** Constants replaced in the worker code, as Vite's `define`. */
  define?: Record<string, string>;
  /** Output name, served from the site root. Default 'sw.js'. */
  fileName?: string;
}

export declare function serviceWorkerPlugin(options: ServiceWorkerPluginOptions): Plugin;
