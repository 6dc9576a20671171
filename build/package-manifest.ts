// package.json's entry fields, generated from the entry list (build/lib-entries.ts): `exports` for Node 16+ and
// bundlers, and top-level `types` with `typesVersions` for TypeScript's older `moduleResolution: "Node"` (node10),
// which reads no `exports`. `npm run gen` writes them (scripts/gen.ts); scripts/gen.test.ts fails when stale.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LIB_ENTRIES, SHIPPED_ENTRIES } from './lib-entries.ts';

type ExportTarget = string | { types: string; default: string };

export interface ManifestEntryFields {
  types: string;
  typesVersions: { '*': Record<string, string[]> };
  exports: Record<string, ExportTarget>;
}

function built(name: string): { types: string; default: string } {
  return { types: `./dist/lib/${name}.d.ts`, default: `./dist/lib/${name}.js` };
}

export function manifestEntryFields(): ManifestEntryFields {
  const exports: Record<string, ExportTarget> = {};
  for (const [subpath, entry] of Object.entries(LIB_ENTRIES)) exports[subpath] = built(entry.name);
  Object.assign(exports, SHIPPED_ENTRIES, { './package.json': './package.json' });
  // node10 maps `authworker/<subpath>` through typesVersions; the root through `types`.
  const typed = Object.entries(exports).filter((pair): pair is [string, { types: string; default: string }] => typeof pair[1] === 'object');
  const root = typed.find(([subpath]) => subpath === '.');
  if (!root) throw new Error('the entry list has no root entry');
  const typesVersions = Object.fromEntries(typed.filter(([subpath]) => subpath !== '.').map(([subpath, target]) => [subpath.slice(2), [target.types]]));
  return { types: root[1].types, typesVersions: { '*': typesVersions }, exports };
}

/** package.json with the generated fields in place (other keys keep their order). */
export function withEntryFields(manifest: Record<string, unknown>): Record<string, unknown> {
  const fields = manifestEntryFields();
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(manifest)) {
    if (key === 'types' || key === 'typesVersions') continue;
    if (key === 'exports') Object.assign(out, fields);
    else out[key] = value;
  }
  return out;
}

/** package.json with its entry fields as the list makes them now: one of `npm run gen`'s generators. */
export function packageManifestFiles(): Record<string, string> {
  const manifest = JSON.parse(readFileSync(resolve(import.meta.dirname, '../package.json'), 'utf8')) as Record<string, unknown>;
  return { 'package.json': `${JSON.stringify(withEntryFields(manifest), null, 2)}\n` };
}
