// The `authworker` package's public entry points: subpath -> built file name -> source. tsdown builds
// from it, package.json's `exports`, `types` and `typesVersions` are generated from it
// (build/package-manifest.ts; build/lib-entries.test.ts fails when they are stale), and the docs snippets
// compile against the sources through it.
export interface LibEntry {
  /** The built module, dist/lib/<name>.js with dist/lib/<name>.d.ts. */
  name: string;
  source: string;
  /** Which TypeScript lib the entry is built and checked with. */
  lib: 'dom' | 'worker';
}

export const LIB_ENTRIES: Record<string, LibEntry> = {
  '.': { name: 'index', source: 'runtime/client/index.ts', lib: 'dom' },
  './errors': { name: 'errors', source: 'runtime/client/errors.ts', lib: 'dom' },
  './react': { name: 'react', source: 'react/index.ts', lib: 'dom' },
  './react/admin': { name: 'react-admin', source: 'react/admin-hooks.ts', lib: 'dom' },
  './server': { name: 'server', source: 'runtime/server/index.ts', lib: 'dom' },
  './admin': { name: 'admin', source: 'runtime/admin/index.ts', lib: 'dom' },
  './protocol': { name: 'protocol', source: 'runtime/protocol/index.ts', lib: 'dom' },
  './sw': { name: 'sw', source: 'sw/index.ts', lib: 'worker' },
};

/** Entries tsdown does not build: the hand-written Vite plugin (with its types) and the ready-made worker file. */
export const SHIPPED_ENTRIES = {
  './vite': { types: './build/service-worker-plugin.d.mts', default: './build/service-worker-plugin.mjs' },
  './sw.js': './dist/sw.js',
} as const;

/** The tsdown `entry` object of one lib's build: `{ name: './source' }`. */
export function entriesFor(lib: LibEntry['lib']): Record<string, string> {
  return Object.fromEntries(Object.values(LIB_ENTRIES).filter((e) => e.lib === lib).map((e) => [e.name, `./${e.source}`]));
}

/** The import specifier of a subpath: '.' -> 'authworker', './react' -> 'authworker/react'. */
export function specifierOf(subpath: string): string {
  return `authworker${subpath.slice(1)}`;
}
