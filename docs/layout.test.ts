// The layout as the docs tell it: docs/architecture.md and the README name every folder that exists, each
// with the imports dependency-cruiser allows it, and every folder of runtime/, sw/ and react/ says in a
// one-line README.md what lives there.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const folderOf = (file: string) => file.split('/').slice(0, -1).join('/');

/** Top-level folders and the folders of runtime/, as the tables name them. */
const namedFolders = [
  ...new Set(
    tracked
      .map(folderOf)
      .filter((folder) => folder !== '' && !folder.startsWith('.'))
      .map((folder) => folder.split('/').slice(0, folder.startsWith('runtime/') ? 2 : 1).join('/')),
  ),
]
  .filter((folder) => folder !== 'runtime')
  .sort();

interface Rule {
  name: string;
  from: { path: string };
  to: { pathNot?: string | string[] };
}

/** What each folder may import, read back from dependency-cruiser's `imports-of-*` rules. */
function mayImport(): Map<string, string[]> {
  const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as { forbidden: Rule[] };
  const table = new Map<string, string[]>();
  for (const rule of config.forbidden.filter((r) => r.name.startsWith('imports-of-'))) {
    const folder = /^\^(.+)\/$/.exec(rule.from.path)?.[1] ?? rule.from.path;
    const allowed = [rule.to.pathNot ?? []].flat().map((path) => path.replace(/^\^/, '').replace(/\/$/, ''));
    table.set(folder, allowed.filter((f) => f !== folder).sort());
  }
  return table;
}

/** The rows of the table in the `## Layout` section: folder (no trailing slash) -> the folders its last cell names. */
function layoutTable(page: string): Map<string, string[]> {
  const text = readFileSync(join(root, page), 'utf8');
  const start = text.indexOf('\n## Layout\n');
  const end = text.indexOf('\n## ', start + 1);
  const section = text.slice(start, end === -1 ? undefined : end);
  const rows = section.split('\n').filter((line) => /^\| `[^`]+` \|/.test(line));
  const table = new Map<string, string[]>();
  for (const row of rows) {
    const cells = row.split(' | ');
    const folder = (/`([^`]+)`/.exec(cells[0] ?? '')?.[1] ?? '').replace(/\/$/, '');
    const imports = [...(cells.at(-1) ?? '').matchAll(/`([a-z]+(?:\/[a-z]+)?)\/`/g)].map((m) => m[1] as string);
    table.set(folder, imports.sort());
  }
  return table;
}

describe('the layout in the docs', () => {
  const rules = mayImport();

  it('reads the import rules of every product folder', () => {
    expect([...rules.keys()].sort()).toEqual(namedFolders.filter((f) => /^(runtime\/|sw$|react$)/.test(f)));
    expect(rules.get('runtime/http')).toEqual(['runtime/protocol']);
  });

  for (const page of ['docs/architecture.md', 'README.md']) {
    it(`${page} names every folder that exists, and no other`, () => {
      expect([...layoutTable(page).keys()].sort()).toEqual(namedFolders);
    });

    it(`${page} gives each product folder exactly the imports dependency-cruiser allows`, () => {
      const table = layoutTable(page);
      for (const [folder, allowed] of rules) expect(table.get(folder), `${page}: ${folder}`).toEqual(allowed);
    });
  }

  it('every folder of runtime/, sw/ and react/ says in a one-line README.md what lives there', () => {
    const folders = [...new Set(tracked.filter((f) => /^(runtime|sw|react)\//.test(f)).map(folderOf)), 'runtime'];
    for (const folder of folders) {
      const readme = join(root, folder, 'README.md');
      expect(existsSync(readme), `${folder}/README.md`).toBe(true);
      const lines = readFileSync(readme, 'utf8').split('\n').filter((line) => line.trim() !== '');
      expect(lines, `${folder}/README.md`).toHaveLength(1);
      expect(lines[0], `${folder}/README.md`).toMatch(new RegExp(`^\`${folder}/\`: .{20,}`));
    }
  });
});
