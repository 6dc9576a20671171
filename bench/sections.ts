// Sections of bench/RESULTS.md written by their own commands (`bench:footprint`, `bench:worker-profile`), between
// `<!-- name:start -->` and `<!-- name:end -->`: each command replaces its own, and `bench/run.ts` keeps them all.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const SECTION = /<!-- ([a-z-]+):start -->[\s\S]*?<!-- \1:end -->/g;

/** Writes `body` as section `name` of the file at `path`, in place of the previous one or at the end. */
export function writeSection(path: string, name: string, body: string): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const section = `${start}\n${body.trim()}\n${end}`;
  const results = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const from = results.indexOf(start);
  const to = results.indexOf(end);
  writeFileSync(path, from >= 0 && to > from ? results.slice(0, from) + section + results.slice(to + end.length) : `${results.trimEnd()}\n\n${section}\n`);
}

/** Every command-written section of the file at `path`, as it is now (what a full bench run must keep). */
export function keptSections(path: string): string {
  const previous = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const sections = previous.match(SECTION) ?? [];
  return sections.map((section) => `\n${section}\n`).join('');
}
