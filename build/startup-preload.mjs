// Plain JavaScript on purpose: loaded by the Vite plugin (service-worker-plugin.mjs) without compiling.
// The authworker code a signed-in page needs before its first render (the operations and the user mapping)
// is loaded with dynamic imports, so the entry stays small; without hints the browser discovers those
// chunks one after the other (entry, then operations, then the user mapping). These hints let it fetch
// them in parallel with the entry instead.

/** Modules of authworker whose chunks the first signed-in render waits for (source or built package). */
export const STARTUP_MODULE = /(?:runtime[\\/]client[\\/](?:[\w-]+[\\/])?|authworker[\\/].*)(?:operations|entity-wire)(?:\.ts|[.-][\w-]*\.m?js)$/;

/**
 * The chunks to preload with `entry`: its static imports, and every dynamic import that holds a start-up
 * module, each with its own static imports (recursively). The entry itself is not listed.
 * @param {Record<string, { type: string; fileName: string; imports?: string[]; dynamicImports?: string[]; moduleIds?: string[]; modules?: Record<string, unknown> }>} bundle
 * @param {{ fileName: string; imports: string[]; dynamicImports: string[] }} entry
 * @returns {string[]} file names, in discovery order
 */
export function startupChunks(bundle, entry) {
  const byFile = new Map(Object.values(bundle).filter((item) => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
  const holdsStartupModule = (chunk) => (chunk.moduleIds ?? Object.keys(chunk.modules ?? {})).some((id) => STARTUP_MODULE.test(id));
  const found = new Set();
  const visit = (chunk) => {
    for (const file of chunk.imports ?? []) add(file);
    for (const file of chunk.dynamicImports ?? []) {
      const target = byFile.get(file);
      if (target && holdsStartupModule(target)) add(file);
    }
  };
  const add = (file) => {
    if (file === entry.fileName || found.has(file)) return;
    found.add(file);
    const chunk = byFile.get(file);
    if (chunk) visit(chunk);
  };
  visit(entry);
  return [...found];
}

/**
 * `<link rel="modulepreload">` tags for the start-up chunks the HTML does not reference yet.
 * @param {string} html
 * @param {Parameters<typeof startupChunks>[0]} bundle
 * @param {Parameters<typeof startupChunks>[1]} entry
 * @param {string} base the build's base URL, e.g. '/'
 */
export function startupPreloadTags(html, bundle, entry, base) {
  return startupChunks(bundle, entry)
    .filter((file) => !html.includes(file))
    .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` }, injectTo: 'head' }));
}
