import { defineConfig } from 'vite';
import { serviceWorkerPlugin } from './build/service-worker-plugin.mjs';
import { DEMO_PROJECT } from './emulator/seed.ts';

// The demo talks to the emulator's demo project unless told otherwise.
const demoConfig = {
  apiUrl: process.env.AUTHWORKER_API_URL ?? 'http://localhost:8102',
  projectId: process.env.AUTHWORKER_PROJECT_ID ?? DEMO_PROJECT.id,
  publishableClientKey: process.env.AUTHWORKER_PUBLISHABLE_CLIENT_KEY ?? DEMO_PROJECT.publishableClientKey,
};
const define = { __AUTHWORKER_DEMO__: JSON.stringify(demoConfig) };

export default defineConfig({
  root: 'demo',
  define,
  plugins: [serviceWorkerPlugin({ entry: 'demo/sw.ts', define })],
  build: { outDir: '../dist/demo', emptyOutDir: true },
  server: { port: Number(process.env.DEMO_PORT ?? 5173), strictPort: true },
  preview: { port: Number(process.env.DEMO_PORT ?? 4173), strictPort: true },
});
