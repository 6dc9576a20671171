// Plain JavaScript on purpose: Vite loads plugins from node_modules without compiling them.
import { resolve } from 'node:path';
import { build } from 'vite';

/**
 * Bundles a service worker entry into one classic script, served at /sw.js in dev (rebuilt on
 * each request, so edits apply on reload) and emitted unhashed as sw.js in builds.
 * @param {import('./service-worker-plugin.d.mts').ServiceWorkerPluginOptions} options
 * @returns {import('vite').Plugin}
 */
export function serviceWorkerPlugin(options) {
  const fileName = options.fileName ?? 'sw.js';
  /** @param {'development' | 'production'} mode */
  const bundle = async (mode) => {
    const result = await build({
      configFile: false,
      logLevel: 'warn',
      mode,
      publicDir: false,
      define: options.define ?? {},
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
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: await bundle('production') });
    },
  };
}
