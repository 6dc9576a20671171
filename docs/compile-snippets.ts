// Type-checks code samples against the package as users import it: the docs' snippets (snippets.test.ts) and the
// sources' `@example`s (examples.test.ts). Each kind (page or worker) is one tsc program with the package names
// resolved to the sources the built entries come from.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { LIB_ENTRIES, SHIPPED_ENTRIES, specifierOf } from '../build/lib-entries.ts';

const root = resolve(import.meta.dirname, '..');

export interface SampleFile {
  /** File name in the cache folder, with its .ts or .tsx extension. */
  name: string;
  code: string;
  worker: boolean;
}

/** Files every program of a kind includes besides the samples (a shared settings module, ambient names). */
export interface SupportFiles {
  dom?: Record<string, string>;
  worker?: Record<string, string>;
}

/**
 * The package names resolve to the sources the built entries come from (the consumer suite checks
 * the docs snippets' imports against the packed tarballs).
 */
function packagePaths(): Record<string, string[]> {
  const paths: Record<string, string[]> = {
    'authworker/vite': [`../.${SHIPPED_ENTRIES['./vite'].types}`],
    'authworker-emulator': ['../../emulator/index.ts'],
  };
  for (const [subpath, entry] of Object.entries(LIB_ENTRIES)) paths[specifierOf(subpath)] = [`../../${entry.source}`];
  return paths;
}

/** Writes the samples to `.cache/<folder>` and type-checks them; throws with tsc's output when one does not compile. */
export function compileSamples(folder: string, samples: readonly SampleFile[], support: SupportFiles = {}): void {
  const dir = join(root, '.cache', folder);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const kind of ['dom', 'worker'] as const) {
    const list = samples.filter((s) => s.worker === (kind === 'worker'));
    if (list.length === 0) continue;
    for (const sample of list) writeFileSync(join(dir, sample.name), `${sample.code}\nexport {};\n`);
    const supportFiles = Object.entries(support[kind] ?? {});
    for (const [name, code] of supportFiles) writeFileSync(join(dir, name), code);
    const lib = kind === 'worker' ? ['ES2023', 'WebWorker', 'WebWorker.Iterable'] : ['ES2023', 'DOM', 'DOM.Iterable'];
    const files = [...supportFiles.map(([name]) => name), ...list.map((s) => s.name)];
    const config = { extends: '../../tsconfig.base.json', compilerOptions: { lib, types: [], paths: packagePaths() }, files };
    writeFileSync(join(dir, `tsconfig.${kind}.json`), JSON.stringify(config));
    try {
      execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(dir, `tsconfig.${kind}.json`)], { cwd: dir, encoding: 'utf8' });
    } catch (error) {
      const output = (error as { stdout?: string }).stdout ?? String(error);
      throw new Error(`${folder} (${kind}) do not compile:\n${output}`, { cause: error });
    }
  }
}
