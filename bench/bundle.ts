// Vite (rolldown) builds for the size benchmarks: per-chunk gzip -9 sizes and a per-module breakdown.
import { gzipSync } from 'node:zlib';
import { relative, resolve } from 'node:path';
import { transformSync } from 'esbuild';
import { build, type InlineConfig, type Plugin } from 'vite';

export const ROOT = resolve(import.meta.dirname, '..');
/** Our service worker as the bench app ships it and the budget measures it: installAuthWorker alone. */
export const WORKER_ENTRY = 'bench/entries/auth-worker.js';
export const REACT_EXTERNALS = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react/jsx-dev-runtime'];

export interface ModuleSize {
  /** Path relative to the project root (node_modules paths kept as they are). */
  id: string;
  /** Tree-shaken, before minification. */
  rendered: number;
  /** The same code minified on its own by esbuild (an estimate of its share in the minified chunk). */
  minified: number;
}

export interface ChunkSize {
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  minified: number;
  gzip: number;
  modules: ModuleSize[];
}

export const gzipSize = (code: string | Uint8Array): number => gzipSync(code, { level: 9 }).length;

function minifiedLength(code: string): number {
  try {
    return transformSync(code, { minify: true, loader: 'js', target: 'es2022' }).code.length;
  } catch {
    return code.length;
  }
}

/** Collects every emitted JS chunk's sizes and its modules' rendered lengths. */
export function chunkSizePlugin(into: ChunkSize[]): Plugin {
  return {
    name: 'bench:chunk-sizes',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules: ModuleSize[] = Object.entries(output.modules).map(([id, info]) => ({
          // Virtual modules start with \0; keep the name printable.
          id: id.startsWith(ROOT) ? relative(ROOT, id) : id.replaceAll('\0', ''),
          rendered: info.renderedLength,
          minified: info.code ? minifiedLength(info.code) : info.renderedLength,
        }));
        into.push({
          fileName: output.fileName,
          isEntry: output.isEntry,
          isDynamicEntry: output.isDynamicEntry,
          imports: [...output.imports],
          dynamicImports: [...output.dynamicImports],
          minified: output.code.length,
          gzip: gzipSize(output.code),
          modules: modules.filter((m) => m.rendered > 0),
        });
      }
    },
  };
}

export interface BundleOptions {
  /** Entry file, relative to the project root. */
  entry: string;
  format: 'es' | 'iife';
  external?: string[];
  define?: Record<string, string>;
  /** Keep the entry's exports (a library entry); otherwise unused exports are dropped like in an app. */
  keepExports?: boolean;
  /** Extra plugins, e.g. the what-if stubs of bench/size.ts. */
  plugins?: Plugin[];
}

/** One minified production build in memory (nothing written), the way apps and our worker plugin build. */
export async function bundleSizes(options: BundleOptions): Promise<ChunkSize[]> {
  const chunks: ChunkSize[] = [];
  const config: InlineConfig = {
    configFile: false,
    root: ROOT,
    logLevel: 'silent',
    mode: 'production',
    publicDir: false,
    define: options.define ?? {},
    plugins: [...(options.plugins ?? []), chunkSizePlugin(chunks)],
    build: {
      write: false,
      emptyOutDir: false,
      minify: true,
      sourcemap: false,
      modulePreload: false,
      rollupOptions: {
        input: resolve(ROOT, options.entry),
        external: options.external ?? [],
        preserveEntrySignatures: options.keepExports ? 'exports-only' : false,
        output: { format: options.format, ...(options.format === 'iife' ? { entryFileNames: 'bundle.js' } : {}) },
      },
    },
  };
  await build(config);
  return chunks;
}

/** The entry chunk plus everything it imports statically: what a page downloads before it runs. */
export function initialChunks(chunks: readonly ChunkSize[]): ChunkSize[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const imported of byName.get(name)?.imports ?? []) visit(imported);
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
  return [...seen].flatMap((name) => byName.get(name) ?? []);
}

export const sum = (chunks: readonly ChunkSize[], key: 'gzip' | 'minified'): number => chunks.reduce((total, c) => total + c[key], 0);

/** Groups modules by npm package (or project folder) and attributes the chunks' gzip bytes by minified share. */
export type GroupBy = 'module' | 'package' | 'area';

export function moduleBreakdown(chunks: readonly ChunkSize[], groupBy: GroupBy): { name: string; minified: number; gzipShare: number }[] {
  const totals = new Map<string, { minified: number; gzipShare: number }>();
  for (const chunk of chunks) {
    const minifiedTotal = chunk.modules.reduce((t, m) => t + m.minified, 0) || 1;
    for (const module of chunk.modules) {
      const name = groupBy === 'module' ? module.id : groupBy === 'area' ? areaOf(module.id) : packageOf(module.id);
      const entry = totals.get(name) ?? { minified: 0, gzipShare: 0 };
      entry.minified += module.minified;
      entry.gzipShare += (module.minified / minifiedTotal) * chunk.gzip;
      totals.set(name, entry);
    }
  }
  return [...totals].map(([name, t]) => ({ name, ...t })).sort((a, b) => b.minified - a.minified);
}

/** Coarse groups: each npm package whole, our known-error catalogue apart from the rest of runtime/protocol. */
function areaOf(id: string): string {
  if (/runtime\/protocol\/errors\/(catalogue|entry|classes|index)/.test(id)) return 'runtime/protocol: known-error catalogue + classes';
  const name = packageOf(id);
  return name.startsWith('zod/') ? 'zod (all modules)' : name;
}

function packageOf(id: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)(?:\/(.*))?/.exec(id);
  if (match) {
    const [, name, rest = ''] = match;
    // zod's classic and mini APIs share a core: show which layer the bytes come from.
    if (name === 'zod') return `zod/${rest.split('/').slice(0, 3).join('/')}`;
    return name as string;
  }
  const parts = id.split('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : id;
}
