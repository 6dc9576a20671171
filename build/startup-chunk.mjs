// Plain JavaScript on purpose: loaded by the Vite plugin (service-worker-plugin.mjs) without compiling.
// Rolldown puts every module that two lazy chunks share into a common chunk of its own, so the authworker code a
// signed-in page needs before its first render (the operations, the user mapping and what they import) arrives
// as five or six files. This code-splitting group keeps it in one chunk: the page then loads its entry and that
// chunk (preloaded in parallel, see startup-preload.mjs), not a request per shared module.
import { STARTUP_MODULE } from './startup-preload.mjs';

export const STARTUP_CHUNK_NAME = 'authworker-startup';

/**
 * @typedef {{ isEntry: boolean; importers: readonly string[]; dynamicImporters: readonly string[]; importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] }} ModuleGraphInfo
 * @typedef {(id: string) => ModuleGraphInfo | null} GetModuleInfo
 */

/**
 * The modules of the start-up chunk in the module graph around `fromId`: those the start-up modules import
 * statically (directly or not), minus those an entry imports statically (they are in the entry's chunk already).
 * @param {GetModuleInfo} getModuleInfo
 * @param {string} fromId any module of the graph
 * @returns {{ all: Set<string>; members: Set<string> }} every module reached, and the chunk's
 */
export function startupModules(getModuleInfo, fromId) {
  const all = new Set();
  const pending = [fromId];
  while (pending.length > 0) {
    const id = /** @type {string} */ (pending.pop());
    if (all.has(id)) continue;
    const info = getModuleInfo(id);
    if (!info) continue;
    all.add(id);
    pending.push(...info.importers, ...info.dynamicImporters, ...info.importedIds, ...info.dynamicallyImportedIds);
  }
  /** @param {string[]} roots */
  const staticClosure = (roots) => {
    const seen = new Set();
    const stack = [...roots];
    while (stack.length > 0) {
      const id = /** @type {string} */ (stack.pop());
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  const ids = [...all];
  const fromEntries = staticClosure(ids.filter((id) => getModuleInfo(id)?.isEntry));
  const members = new Set([...staticClosure(ids.filter((id) => STARTUP_MODULE.test(id)))].filter((id) => !fromEntries.has(id)));
  return { all, members };
}

/**
 * A Rolldown `output.codeSplitting` group that gathers the start-up chunk. The graph is read once per chunking
 * pass (Rolldown hands every call of a pass the same context; the group may serve several builds, e.g. in watch mode).
 */
export function startupChunkGroup() {
  /** @type {WeakMap<object, { all: Set<string>; members: Set<string> }[]>} */
  const graphs = new WeakMap();
  return {
    debugName: STARTUP_CHUNK_NAME,
    /**
     * @param {string} id
     * @param {{ getModuleInfo: GetModuleInfo }} ctx
     */
    name(id, ctx) {
      const known = graphs.get(ctx) ?? [];
      let graph = known.find((g) => g.all.has(id));
      if (!graph) {
        // A module outside every graph read so far: another entry's, with nothing in common.
        graph = startupModules((moduleId) => ctx.getModuleInfo(moduleId), id);
        graphs.set(ctx, [...known, graph]);
      }
      return graph.members.has(id) ? STARTUP_CHUNK_NAME : null;
    },
    // The members are chosen above, dependencies included; the entry's own modules must stay in the entry.
    includeDependenciesRecursively: false,
    priority: 100,
  };
}

/**
 * The Vite config that adds the group, or null (with the reason) where the app's own chunking settings would
 * conflict: several outputs, `manualChunks`, `advancedChunks`, or code splitting turned off.
 * @param {{ build?: { rolldownOptions?: { output?: unknown }; rollupOptions?: { output?: unknown } } }} userConfig
 * @returns {{ config: object; reason?: undefined } | { config: null; reason: string }}
 */
export function startupChunkConfig(userConfig) {
  const output = userConfig.build?.rolldownOptions?.output ?? userConfig.build?.rollupOptions?.output;
  if (Array.isArray(output)) return { config: null, reason: 'the build has several outputs' };
  const o = /** @type {Record<string, unknown> | undefined} */ (output);
  if (o?.manualChunks) return { config: null, reason: 'the app sets manualChunks' };
  if (o?.advancedChunks) return { config: null, reason: 'the app sets advancedChunks' };
  if (o?.codeSplitting === false || o?.inlineDynamicImports) return { config: null, reason: 'code splitting is off' };
  const options = { output: { codeSplitting: { groups: [startupChunkGroup()] } } };
  // Under the key the app uses: Vite reads `rollupOptions` only where `rolldownOptions` is absent.
  const key = userConfig.build?.rollupOptions && !userConfig.build.rolldownOptions ? 'rollupOptions' : 'rolldownOptions';
  return { config: { build: { [key]: options } } };
}
