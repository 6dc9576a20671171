// The devtools cost nothing in production: an app that renders <AuthDevtools /> (or calls mountAuthDevtools)
// only behind `import.meta.env.DEV` carries 0 bytes of them in its production build, and in development the
// panel is a chunk of its own, loaded when the panel first renders. The worker the Vite plugin builds carries
// them in development (installAuthWorker(self) answers the panel with no option) and never in `vite build`.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ONLY_WORKER, buildBenchApp } from '../testing/build/bench-app.ts';
import { serviceWorkerPlugin } from './service-worker-plugin.mjs';

const root = resolve(import.meta.dirname, '..');
let workDir = '';
/** Strings only the panel's code holds. */
const PANEL_MARKERS = ['aw-dt-trigger', 'authworker:devtools', 'Auth devtools'];

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'authworker-devtools-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function buildApp(name: string, source: string, mode: 'production' | 'development'): Promise<Rollup.OutputChunk[]> {
  const entry = join(workDir, `${name}.tsx`);
  await writeFile(entry, source);
  // Vite takes DEV from NODE_ENV, which vitest sets to 'test': an app's production build runs with 'production'.
  const nodeEnv = process.env['NODE_ENV'];
  process.env['NODE_ENV'] = mode;
  const result = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    mode,
    build: { write: false, minify: true, rollupOptions: { input: entry, external: [/^react($|\/)/, 'react-dom'], preserveEntrySignatures: 'exports-only' } },
  }).finally(() => (process.env['NODE_ENV'] = nodeEnv));
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RolldownOutput[];
  return outputs.flatMap((output) => output.output.filter((item): item is Rollup.OutputChunk => item.type === 'chunk'));
}

const react = JSON.stringify(join(root, 'react/index.ts'));
const client = JSON.stringify(join(root, 'runtime/client/index.ts'));
const REACT_APP = `import { AuthDevtools, useUser } from ${react};
export function App() { const user = useUser(); return <>{import.meta.env.DEV && <AuthDevtools />}<p>{user?.displayName}</p></>; }
`;
const PLAIN_APP = `import { mountAuthDevtools, StackClientApp } from ${client};
export const app = StackClientApp;
if (import.meta.env.DEV) void mountAuthDevtools(document.body.appendChild(document.createElement('div')));
`;

const carriesPanel = (chunks: Rollup.OutputChunk[]) => chunks.filter((chunk) => PANEL_MARKERS.some((marker) => chunk.code.includes(marker)));

describe('devtools in an app build', () => {
  it.each([
    ['<AuthDevtools /> behind import.meta.env.DEV', REACT_APP],
    ['mountAuthDevtools behind import.meta.env.DEV', PLAIN_APP],
  ])('%s: a production build carries 0 bytes of the panel', async (name, source) => {
    const chunks = await buildApp(name.includes('<') ? 'react-prod' : 'plain-prod', source, 'production');
    expect(chunks.length).toBeGreaterThan(0);
    expect(carriesPanel(chunks).map((chunk) => chunk.fileName)).toEqual([]);
    expect(chunks.some((chunk) => chunk.code.includes('mountPanel') || chunk.fileName.includes('panel'))).toBe(false);
  });

  it('in development the panel is a lazy chunk, out of the entry', async () => {
    const chunks = await buildApp('react-dev', REACT_APP, 'development');
    const panel = carriesPanel(chunks);
    expect(panel).toHaveLength(1);
    expect(panel[0]?.isEntry).toBe(false);
    expect(chunks.find((chunk) => chunk.isEntry)?.dynamicImports).toContain(panel[0]?.fileName);
    // The lazy chunk's size, minified (a development-mode build keeps names): bench/RESULTS.md has the production figure.
    expect(gzipSync(panel[0]?.code ?? '').length).toBeGreaterThan(1000);
  });
});

/** A string only the worker's devtools plugin holds (sw/devtools/worker-devtools.ts). */
const WORKER_MARKER = 'authworker devtools: message refused';

/** The worker the plugin's dev server answers /sw.js with. */
async function devServerWorker(): Promise<string> {
  const plugin = serviceWorkerPlugin({ entry: AUTH_ONLY_WORKER, define: { __AUTHWORKER_BENCH__: JSON.stringify({ apiUrl: 'http://localhost:1' }) } });
  let handler: ((req: unknown, res: unknown, next: (error?: unknown) => void) => void) | undefined;
  const server = { middlewares: { use: (_path: string, fn: typeof handler) => (handler = fn) } };
  (plugin.configureServer as (server: unknown) => void)(server);
  return new Promise((resolvePromise, reject) => {
    handler?.({}, { setHeader: () => undefined, end: resolvePromise }, reject);
  });
}

describe('devtools in the worker the Vite plugin builds', () => {
  it("the dev server's worker carries them: installAuthWorker(self) answers the panel", async () => {
    expect(await devServerWorker()).toContain(WORKER_MARKER);
  }, 60_000);

  it('a production build has no trace of them', async () => {
    const output = await buildBenchApp([serviceWorkerPlugin({ entry: AUTH_ONLY_WORKER, precache: false })]);
    const worker = output.output.find((item) => item.fileName === 'sw.js');
    expect(worker?.type).toBe('asset');
    const code = String((worker as Rollup.OutputAsset).source);
    // The worker itself is there (its headers), only the devtools are not.
    expect(code).toContain('x-stack-project-id');
    for (const marker of [WORKER_MARKER, 'authworker:devtools', 'skew-clock']) expect(code).not.toContain(marker);
  }, 60_000);
});
