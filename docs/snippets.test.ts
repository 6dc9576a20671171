// Compiles every TypeScript snippet of the docs and the README, so the pages cannot drift from
// the code; checks that every `npm run X` they mention exists.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSamples } from './compile-snippets.ts';

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


describe('documentation snippets', () => {
  it('every TypeScript snippet compiles against the package', () => {
    // The one module the snippets take the API URL from (docs/README.md shows it), imported as './settings.ts'.
    const settings = snippets.filter((s) => s.code.startsWith('// settings.ts\n'));
    expect(settings.map((s) => s.page.slice(root.length + 1))).toEqual(['docs/README.md']);
    const settingsFile = { 'settings.ts': (settings[0] as Snippet).code };
    const samples = snippets
      .filter((s) => s.lang === 'ts' || s.lang === 'tsx')
      .map((s) => ({ name: `${s.page.slice(root.length + 1).replace(/[/.]/g, '_')}_${s.index}.${s.lang}`, code: s.code, worker: s.worker }));
    expect(samples.length).toBeGreaterThan(5);
    compileSamples('doc-snippets', samples, { dom: settingsFile, worker: settingsFile });
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
