// Compiles every TypeScript snippet of the docs and the README, so the pages cannot drift from
// the code; checks that every `npm run X` they mention exists.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIB_ENTRIES, SHIPPED_ENTRIES, specifierOf } from '../build/lib-entries.ts';

const root = resolve(import.meta.dirname, '..');
const pages = [join(root, 'README.md'), ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join(root, 'docs', f))];

interface Snippet {
  page: string;
  index: number;
  lang: string;
  worker: boolean;
  code: string;
}

function extract(page: string): Snippet[] {
  const text = readFileSync(page, 'utf8');
  const snippets: Snippet[] = [];
  const fence = /^```(\w+)([^\n]*)\n([\s\S]*?)^```/gm;
  for (const match of text.matchAll(fence)) {
    const [, lang = '', info = '', code = ''] = match;
    snippets.push({ page, index: snippets.length, lang, worker: info.includes('worker'), code });
  }
  return snippets;
}

const snippets = pages.flatMap(extract);


/**
 * The package names resolve to the sources the built entries come from (the consumer suite checks
 * the same snippets' imports against the packed tarballs).
 */
function packagePaths(): Record<string, string[]> {
  const paths: Record<string, string[]> = {
    'authworker/vite': [`../.${SHIPPED_ENTRIES['./vite'].types}`],
    'authworker-emulator': ['../../emulator/index.ts'],
  };
  for (const [subpath, entry] of Object.entries(LIB_ENTRIES)) paths[specifierOf(subpath)] = [`../../${entry.source}`];
  return paths;
}

describe('documentation snippets', () => {
  it('every TypeScript snippet compiles against the package', () => {
    const dir = join(root, '.cache', 'doc-snippets');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const files = { dom: [] as string[], worker: [] as string[] };
    // The one module the snippets take the API URL from (docs/README.md shows it), imported as './settings.ts'.
    const settings = snippets.filter((s) => s.code.startsWith('// settings.ts\n'));
    expect(settings.map((s) => s.page.slice(root.length + 1))).toEqual(['docs/README.md']);
    writeFileSync(join(dir, 'settings.ts'), (settings[0] as Snippet).code);
    for (const snippet of snippets.filter((s) => s.lang === 'ts' || s.lang === 'tsx')) {
      const name = `${snippet.page.slice(root.length + 1).replace(/[/.]/g, '_')}_${snippet.index}.${snippet.lang}`;
      writeFileSync(join(dir, name), `${snippet.code}\nexport {};\n`);
      (snippet.worker ? files.worker : files.dom).push(name);
    }
    expect(files.dom.length + files.worker.length).toBeGreaterThan(5);
    for (const [kind, list] of Object.entries(files)) {
      if (list.length === 0) continue;
      const lib = kind === 'worker' ? ['ES2023', 'WebWorker', 'WebWorker.Iterable'] : ['ES2023', 'DOM', 'DOM.Iterable'];
      const config = { extends: '../../tsconfig.base.json', compilerOptions: { lib, types: [], paths: packagePaths() }, files: ['settings.ts', ...list] };
      writeFileSync(join(dir, `tsconfig.${kind}.json`), JSON.stringify(config));
      try {
        execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(dir, `tsconfig.${kind}.json`)], { cwd: dir, encoding: 'utf8' });
      } catch (error) {
        const output = (error as { stdout?: string }).stdout ?? String(error);
        throw new Error(`doc snippets (${kind}) do not compile:\n${output}`, { cause: error });
      }
    }
    // Two full type-checks: slower than a unit test, and slower still on a loaded machine.
  }, 180_000);

  it('snippets take the API URL from settings.ts; only getting-started, a tutorial of its own, writes it where the reader configures', () => {
    const named = (page: string) =>
      snippets.filter((s) => s.page.endsWith(page) && (s.lang === 'ts' || s.lang === 'tsx') && !s.code.startsWith('// settings.ts\n') && /localhost:8102/.test(s.code));
    for (const page of pages.filter((p) => !p.endsWith('getting-started.md'))) expect(named(page).map((s) => `#${s.index}`), page).toEqual([]);
    // The app object and the worker's options: the two places a reader of the tutorial configures.
    expect(named('getting-started.md').length).toBeLessThanOrEqual(2);
  });

  it('every npm script the docs mention exists', () => {
    const scripts = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);
    for (const snippet of snippets.filter((s) => s.lang === 'sh')) {
      for (const [, script] of snippet.code.matchAll(/npm run ([\w:-]+)/g)) {
        // Commands run inside a freshly created app (not this package) are exempt.
        if (snippet.code.includes('npm create vite')) continue;
        if (script === 'dev') continue;
        expect(scripts, `${snippet.page}: npm run ${script}`).toContain(script);
      }
    }
  });
});
