// Plain JavaScript on purpose: Vite loads plugins from node_modules without compiling them.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { build } from 'vite';
import { startupChunkConfig } from './startup-chunk.mjs';
import { startupPreloadTags } from './startup-preload.mjs';

const PRECACHE_DEFINE = '__PRECACHE_MANIFEST__';
/** Whether the worker build carries the devtools (sw/devtools/build-flag.ts). */
const DEVTOOLS_DEFINE = '__AUTHWORKER_DEVTOOLS__';

/** Every file of a folder, recursively, relative to it. */
function filesUnder(dir) {
  let out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    out = statSync(path).isDirectory() ? out.concat(filesUnder(path).map((f) => join(name, f))) : out.concat(name);
  }
  return out;
}

const revision = (content) => createHash('sha256').update(content).digest('hex').slice(0, 16);

/**
 * Bundles a service worker entry into one classic script, served at /sw.js in dev (rebuilt on
 * each request, so edits apply on reload) and emitted unhashed as sw.js in builds.
 * @param {import('./service-worker-plugin.d.mts').ServiceWorkerPluginOptions} options
 * @returns {import('vite').Plugin}
 */
export function serviceWorkerPlugin(options) {
  const fileName = options.fileName ?? 'sw.js';
  let publicDir = '';
  let base = '/';
  /** @type {string | undefined} why the start-up chunk was not configured */
  let skippedStartupChunk;
  /**
   * @param {'development' | 'production'} mode
   * @param {{ url: string; revision: string }[]} precache
   */
  const bundle = async (mode, precache = []) => {
    const result = await build({
      configFile: false,
      logLevel: 'warn',
      mode,
      publicDir: false,
      // Devtools in development builds only, unless the app decides for its builds (a demo, a staging build).
      define: { ...(options.define ?? {}), [PRECACHE_DEFINE]: JSON.stringify(precache), [DEVTOOLS_DEFINE]: JSON.stringify(options.devtools ?? mode === 'development') },
      build: {
        write: false,
        emptyOutDir: false,
        minify: mode === 'production',
        sourcemap: mode === 'development' ? 'inline' : false,
        rollupOptions: {
          input: resolve(options.entry),
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
    // The worker gets the list of the build's files (the app shell) to precache when asked to.
    async generateBundle(_output, files) {
      const precache = [];
      if (options.precache) {
        for (const [name, file] of Object.entries(files)) {
          if (name.endsWith('.map')) continue;
          precache.push({ url: `/${name}`, revision: revision(file.type === 'chunk' ? file.code : file.source) });
        }
        if (publicDir) {
          for (const name of filesUnder(publicDir)) {
            precache.push({ url: `/${relative(publicDir, join(publicDir, name)).split('\\').join('/')}`, revision: revision(readFileSync(join(publicDir, name))) });
          }
        }
      }
      this.emitFile({ type: 'asset', fileName, source: await bundle('production', precache) });
    },
  };
}
