// The bench app (bench/apps/ours) built in memory with Vite and the plugins a test gives, for the tests of the
// Vite plugin (build/*.test.ts).
import { resolve } from 'node:path';
import { build, type BuildEnvironmentOptions, type Plugin, type Rolldown } from 'vite';

export const BENCH_APP_ROOT = resolve(import.meta.dirname, '../../bench/apps/ours');
/** authworker alone as the worker entry (what the size budget measures). */
export const AUTH_ONLY_WORKER = resolve(import.meta.dirname, '../../bench/entries/auth-worker.js');

export async function buildBenchApp(plugins: Plugin[], options: BuildEnvironmentOptions = {}): Promise<Rolldown.RolldownOutput> {
  const result = await build({
    configFile: false,
    root: BENCH_APP_ROOT,
    logLevel: 'silent',
    publicDir: false,
    define: { __BENCH__: JSON.stringify({ apiUrl: 'http://localhost:1', projectId: 'p', publishableClientKey: 'k' }) },
    plugins,
    build: { write: false, rolldownOptions: { input: resolve(BENCH_APP_ROOT, 'index.html') }, ...options },
  });
  return (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
}
