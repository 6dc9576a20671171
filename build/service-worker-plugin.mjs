// Plain JavaScript on purpose: Vite loads plugins from node_modules without compiling them.
import { resolve } from 'node:path';
import { build } from 'vite';
import { APP_SHELL_ENTRY, appShellEntryPlugin, PRECACHE_DEFINE, precacheManifest, precachesItself } from './app-shell.mjs';
import { startupChunkConfig } from './startup-chunk.mjs';
import { startupPreloadTags } from './startup-preload.mjs';

/** Whether the worker build carries the devtools (sw/install.ts). */
const DEVTOOLS_DEFINE = '__AUTHWORKER_DEVTOOLS__';

/**
 * Bundles a service worker entry into one classic script, served at /sw.js in dev (rebuilt on
 * each request, so edits apply on reload) and emitted unhashed as sw.js in builds. By default the
 * built worker also precaches the app shell (app-shell.mjs), so the app starts offline.
 * @param {import('./service-worker-plugin.d.mts').ServiceWorkerPluginOptions} options
 * @returns {import('vite').Plugin}
 */
export function serviceWorkerPlugin(options) {
  const fileName = options.fileName ?? 'sw.js';
  const entry = resolve(options.entry);
  const precache = options.precache !== false;
  let publicDir = '';
  let base = '/';
  /** @type {string | undefined} why the start-up chunk was not configured */
  let skippedStartupChunk;
  /**
   * @param {'development' | 'production'} mode
   * @param {{ url: string; revision: string }[]} manifest
   */
  const bundle = async (mode, manifest = []) => {
    // The app shell is precached by the entry itself when it reads the manifest, else by the plugin's (app-shell.mjs).
    const appShell = precache && !precachesItself(entry);
    const result = await build({
      configFile: false,
      logLevel: 'warn',
      mode,
      publicDir: false,
      // Workbox keeps its development logging unless told the mode.
      define: { 'process.env.NODE_ENV': JSON.stringify(mode), ...(options.define ?? {}), [PRECACHE_DEFINE]: JSON.stringify(manifest), [DEVTOOLS_DEFINE]: JSON.stringify(options.devtools ?? mode === 'development') },
      plugins: appShell ? [appShellEntryPlugin(entry)] : [],
      build: {
        write: false,
        emptyOutDir: false,
        minify: mode === 'production',
        sourcemap: mode === 'development' ? 'inline' : false,
        rollupOptions: {
          input: appShell ? APP_SHELL_ENTRY : entry,
          output: { format: 'iife', entryFileNames: fileName },
        },
      },
    });
    for (const output of Array.isArray(result) ? result : [result]) {
      if (!('output' in output)) continue;
      const chunk = output.output.find((item) => item.type === 'chunk');
      if (chunk && chunk.type === 'chunk') return chunk.code;
    }
    throw new Error(`service worker build of ${options.entry} produced no chunk`);
  };

  return {
    name: 'authworker:service-worker',
    // After Vite's own plugins, so the manifest sees index.html (emitted in their generateBundle).
    enforce: 'post',
    // One chunk for the authworker code of the first signed-in render (startup-chunk.mjs); Rolldown (Vite 8) only.
    config(userConfig, env) {
      if (env.command !== 'build' || options.startupChunk === false || !this.meta.rolldownVersion) return undefined;
      const { config, reason } = startupChunkConfig(userConfig);
      skippedStartupChunk = reason;
      return config ?? undefined;
    },
    configResolved(config) {
      publicDir = config.publicDir;
      base = config.base;
      if (skippedStartupChunk) config.logger.info(`[authworker] start-up code left to the app's chunking: ${skippedStartupChunk}`);
    },
    // Each page's start-up chunks of authworker, fetched in parallel with its entry (startup-preload.mjs).
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (options.startupPreload === false || !ctx.bundle || !ctx.chunk) return html;
        return { html, tags: startupPreloadTags(html, ctx.bundle, ctx.chunk, base) };
      },
    },
    configureServer(server) {
      server.middlewares.use(`/${fileName}`, (_req, res, next) => {
        bundle('development').then((code) => {
          res.setHeader('content-type', 'text/javascript; charset=utf-8');
          res.setHeader('service-worker-allowed', '/');
          res.setHeader('cache-control', 'no-cache');
          res.end(code);
        }, next);
      });
    },
    // The worker gets the list of the build's files (the app shell) to precache, unless told not to.
    async generateBundle(_output, files) {
      this.emitFile({ type: 'asset', fileName, source: await bundle('production', precache ? precacheManifest(files, publicDir) : []) });
    },
  };
}
