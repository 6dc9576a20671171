import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIB_ENTRIES, entriesFor } from './lib-entries.ts';
import { manifestEntryFields, withEntryFields } from './package-manifest.ts';

const root = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown>; files: string[]; types: unknown; typesVersions: unknown };

describe('the package entry list', () => {
  it('exports every entry as dist/lib/<name> with its types first, and types every subpath for node10 resolution', () => {
    const { exports, types, typesVersions } = manifestEntryFields();
    for (const [subpath, entry] of Object.entries(LIB_ENTRIES)) {
      expect(Object.keys(exports[subpath] as object), subpath).toEqual(['types', 'default']);
      expect(exports[subpath]).toEqual({ types: `./dist/lib/${entry.name}.d.ts`, default: `./dist/lib/${entry.name}.js` });
    }
    expect(types).toBe('./dist/lib/index.d.ts');
    const typedSubpaths = Object.keys(exports).filter((s) => s !== '.' && typeof exports[s] === 'object');
    expect(Object.keys(typesVersions['*']).sort()).toEqual(typedSubpaths.map((s) => s.slice(2)).sort());
    expect(typesVersions['*']['vite']).toEqual(['./build/service-worker-plugin.d.mts']);
  });

  it('exports nothing the entry list does not build, besides the plugin, the worker file and package.json', () => {
    const extra = Object.keys(pkg.exports).filter((subpath) => !(subpath in LIB_ENTRIES));
    expect(extra.sort()).toEqual(['./package.json', './sw.js', './vite']);
    expect(pkg.exports['./sw.js']).toBe('./dist/sw.js');
  });

  it('rewriting package.json keeps every other field and its order', () => {
    const rewritten = withEntryFields({ name: 'x', exports: {}, scripts: {} });
    expect(Object.keys(rewritten)).toEqual(['name', 'types', 'typesVersions', 'exports', 'scripts']);
  });

  it('every source exists, and each build gets only its own lib', () => {
    for (const entry of Object.values(LIB_ENTRIES)) expect(existsSync(resolve(root, entry.source)), entry.source).toBe(true);
    expect(Object.keys(entriesFor('worker'))).toEqual(['sw']);
    expect(Object.keys(entriesFor('dom'))).not.toContain('sw');
  });

  it("dependency-cruiser's dead-code rule starts from exactly these sources, the ready-made worker and the plugin's app shell", () => {
    const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as { forbidden: { name: string; from: { path: string } }[] };
    const rule = config.forbidden.find((r) => r.name === 'product-reachable-from-an-entry');
    const entries = new RegExp(rule?.from.path ?? '^$');
    const sources = [...Object.values(LIB_ENTRIES).map((e) => e.source), 'sw/worker.ts', 'sw/app-shell.ts'];
    for (const source of sources) expect(entries.test(source), source).toBe(true);
    const candidates = execFileSync('git', ['ls-files', 'runtime', 'react', 'sw'], { cwd: root, encoding: 'utf8' }).split('\n');
    expect(candidates.filter((file) => entries.test(file)).sort()).toEqual(sources.sort());
  });

  it('ships the built files and the plugin, not the sources', () => {
    expect(pkg.files).toEqual(expect.arrayContaining(['dist/lib', 'dist/sw.js', 'dist/app-shell.js', 'build/service-worker-plugin.mjs']));
    expect(pkg.files.some((f) => /^(runtime|react|sw|emulator)\b/.test(f))).toBe(false);
  });

  it('ships every module the Vite plugin imports', () => {
    const plugin = readFileSync(resolve(root, 'build/service-worker-plugin.mjs'), 'utf8');
    const relative = [...plugin.matchAll(/from '\.\/([^']+)'/g)].map((m) => `build/${m[1]}`);
    expect(relative.length).toBeGreaterThan(0);
    for (const file of relative) expect(pkg.files, file).toContain(file);
  });
});
