// The repository's one Vite config: the demo PWA (demo/), found by `vite` at the root (`npm run demo`, `npm run build`,
// the e2e suite). The library itself is built by tsdown (tsdown.config.ts).
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { serviceWorkerPlugin } from './build/service-worker-plugin.mjs';
import { DEMO_PROJECT } from './emulator/core/seed-projects.ts';

// The demo talks to the emulator's demo project unless told otherwise.
const demoConfig = {
  apiUrl: process.env.AUTHWORKER_API_URL ?? 'http://localhost:8102',
  // The emulator's Svix-compatible webhook service, which the admin page reads (its --webhooks-port).
  webhooksUrl: process.env.AUTHWORKER_WEBHOOKS_URL ?? 'http://127.0.0.1:8113',
  // The demo's own backend routes get the user's access token (x-stack-auth) from the worker, for
  // its fetch calls and its page loads (server-rendered pages).
  forwardAuthTo: { pathPrefixes: ['/app-api/'], navigations: true },
  projectId: process.env.AUTHWORKER_PROJECT_ID ?? DEMO_PROJECT.id,
  publishableClientKey: process.env.AUTHWORKER_PUBLISHABLE_CLIENT_KEY ?? DEMO_PROJECT.publishableClientKey,
};
const define = { __AUTHWORKER_DEMO__: JSON.stringify(demoConfig) };

/** Where the app's own backend runs, when there is one (the e2e suite starts it). */
function appApiProxy(): Record<string, string> | undefined {
  const target = process.env.APP_API_URL;
  return target ? { '/app-api': target, '/other-api': target } : undefined;
}

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: fromRoot('demo'),
  define,
  // The demo is a development app: its production build (the e2e suite's) keeps the devtools too.
  plugins: [serviceWorkerPlugin({ entry: fromRoot('demo/sw.ts'), define, precache: true, devtools: true })],
  build: {
    // DEMO_OUT_DIR is relative to the repository root.
    outDir: fromRoot(process.env.DEMO_OUT_DIR ?? 'dist/demo'),
    emptyOutDir: true,
    rolldownOptions: {
      // Radix's modules open with "use client", which means nothing to a single-page app: Rolldown's warning about
      // it (16 blocks of 9 lines per build) is dropped; every other warning stays.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('"use client"')) return;
        handler(level, log);
      },
    },
  },
  server: { port: Number(process.env.DEMO_PORT ?? 5173), strictPort: true },
  preview: { port: Number(process.env.DEMO_PORT ?? 4173), strictPort: true, proxy: appApiProxy() },
});
