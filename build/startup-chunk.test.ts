import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { AUTH_ONLY_WORKER, buildBenchApp } from '../testing/build/bench-app.ts';
import { serviceWorkerPlugin } from './service-worker-plugin.mjs';
import { STARTUP_CHUNK_NAME, startupChunkConfig, startupModules } from './startup-chunk.mjs';
import { startupChunks } from './startup-preload.mjs';

type Info = { isEntry: boolean; importers: string[]; dynamicImporters: string[]; importedIds: string[]; dynamicallyImportedIds: string[] };

/** A module graph from `id -> { static: [...], dynamic: [...] }`, with its importers filled in. */
function graph(edges: Record<string, { static?: string[]; dynamic?: string[]; entry?: boolean }>): (id: string) => Info | null {
  const infos = new Map<string, Info>();
  for (const [id, edge] of Object.entries(edges)) {
    infos.set(id, { isEntry: edge.entry ?? false, importers: [], dynamicImporters: [], importedIds: edge.static ?? [], dynamicallyImportedIds: edge.dynamic ?? [] });
  }
  for (const [id, info] of infos) {
    for (const target of info.importedIds) infos.get(target)?.importers.push(id);
    for (const target of info.dynamicallyImportedIds) infos.get(target)?.dynamicImporters.push(id);
  }
  return (id) => infos.get(id) ?? null;
}

describe('the start-up chunk', () => {
  const getModuleInfo = graph({
    '/app/main.ts': { entry: true, static: ['/repo/runtime/client/app/client-app.ts'] },
    '/repo/runtime/client/app/client-app.ts': { static: ['/repo/runtime/protocol/errors/base.ts'], dynamic: ['/repo/runtime/client/app/operations.ts', '/repo/runtime/client/backend/in-page-host.ts'] },
    '/repo/runtime/protocol/errors/base.ts': {},
    '/repo/runtime/client/app/operations.ts': { static: ['/repo/runtime/client/user/current-user.ts', '/repo/node_modules/zod/v4/mini/schemas.js'], dynamic: ['/repo/runtime/client/user/entity-wire.ts', '/repo/react/handler/sign-in.tsx'] },
    '/repo/runtime/client/user/current-user.ts': { static: ['/repo/runtime/protocol/errors/base.ts'] },
    '/repo/runtime/client/user/entity-wire.ts': { static: ['/repo/node_modules/zod/v4/mini/schemas.js'] },
    '/repo/node_modules/zod/v4/mini/schemas.js': {},
    '/repo/runtime/client/backend/in-page-host.ts': { static: ['/repo/node_modules/zod/v4/mini/schemas.js', '/repo/runtime/host/vault.ts'] },
    '/repo/runtime/host/vault.ts': {},
    '/repo/react/handler/sign-in.tsx': {},
  });

  it("holds what the operations and the user mapping import, but not the entry's modules nor other lazy code", () => {
    const { all, members } = startupModules(getModuleInfo, '/repo/runtime/host/vault.ts');
    expect(all.size).toBe(10);
    expect([...members].sort()).toEqual([
      '/repo/node_modules/zod/v4/mini/schemas.js',
      '/repo/runtime/client/app/operations.ts',
      '/repo/runtime/client/user/current-user.ts',
      '/repo/runtime/client/user/entity-wire.ts',
    ]);
  });

  it("is left to the app's chunking where the app's own settings would conflict", () => {
    expect(startupChunkConfig({ build: { rolldownOptions: { output: { manualChunks: () => null } } } })).toEqual({ config: null, reason: 'the app sets manualChunks' });
    expect(startupChunkConfig({ build: { rollupOptions: { output: [{}, {}] } } }).reason).toBe('the build has several outputs');
    expect(startupChunkConfig({ build: { rolldownOptions: { output: { codeSplitting: false } } } }).reason).toBe('code splitting is off');
    // Vite reads `rollupOptions` only without `rolldownOptions`: the group goes where the app put its options.
    expect(Object.keys((startupChunkConfig({ build: { rollupOptions: { input: 'x.html' } } }).config as { build: object }).build)).toEqual(['rollupOptions']);
    expect(Object.keys((startupChunkConfig({}).config as { build: object }).build)).toEqual(['rolldownOptions']);
  });
});

describe('a Vite build of the bench app with the plugin', () => {
  async function chunksOf(startupChunk: boolean): Promise<Rolldown.OutputChunk[]> {
    const output = await buildBenchApp([serviceWorkerPlugin({ entry: AUTH_ONLY_WORKER, define: { __AUTHWORKER_BENCH__: '{}' }, startupChunk })], { minify: false });
    return output.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  }

  /** The chunks a signed-in page loads before its first render: the entry and what it preloads. */
  const startupFiles = (chunks: Rolldown.OutputChunk[]) => {
    const bundle = Object.fromEntries(chunks.map((chunk) => [chunk.fileName, chunk]));
    const entry = chunks.find((chunk) => chunk.isEntry) as Rolldown.OutputChunk;
    return [entry.fileName, ...startupChunks(bundle, entry)];
  };

  it('loads the entry, the start-up chunk and the bundler runtime before the first render, the entry importing nothing at load', async () => {
    const chunks = await chunksOf(true);
    const files = startupFiles(chunks);
    expect(files).toHaveLength(3);
    const startup = chunks.find((chunk) => chunk.name === STARTUP_CHUNK_NAME);
    expect(startup?.moduleIds.filter((id) => /runtime\/client\/(app\/operations|user\/entity-wire)\.ts$/.test(id))).toHaveLength(2);
    expect(files).toContain(startup?.fileName);
    // The entry runs (and calls the worker) without waiting for the start-up chunk to evaluate.
    expect(chunks.find((chunk) => chunk.isEntry)?.imports).toEqual([]);
  }, 60_000);

  it('without it, the same code comes as a chunk per shared module', async () => {
    expect(startupFiles(await chunksOf(false)).length).toBeGreaterThanOrEqual(5);
  }, 60_000);
});
