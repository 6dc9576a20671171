// No tracked file points outside the repository: users get neither the wire-protocol document nor the
// machine it was written on. Only the cross-check tool, which is given that document's path, names it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);

/** The cross-check tool (it reads the document at a path it is given) and this test, which names what it looks for. */
const ALLOWED = /^(runtime\/protocol\/crosscheck\/|scripts\/crosscheck-protocol\.mjs$|vitest\.crosscheck\.config\.ts$|docs\/self-contained\.test\.ts$)/;
const BINARY = /\.(png|jpe?g|gif|ico|webp|woff2?|gz|tgz)$/;
const OUTSIDE = /protocol\.md|\/work\/|\.\.\/shared\//;
/** A section sign cites a document; only public ones (an RFC, an IETF BCP) may be cited by section. */
const SECTION_OF_UNPUBLISHED = (line: string) => line.includes('§') && !/\b(RFC \d+|BCP)\b/.test(line);

describe('the repository is self-contained', () => {
  it('no tracked file but the cross-check tool mentions protocol.md, /work/, ../shared/ or an unpublished section', () => {
    const hits: string[] = [];
    for (const file of tracked.filter((f) => !ALLOWED.test(f) && !BINARY.test(f))) {
      readFileSync(join(root, file), 'utf8').split('\n').forEach((line, i) => {
        if (OUTSIDE.test(line) || SECTION_OF_UNPUBLISHED(line)) hits.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(hits).toEqual([]);
  });

  it('the rule catches each kind of pointer', () => {
    for (const line of ['see protocol.md §7', 'at /work/shared/x', "new URL('../shared/protocol.md')"]) expect(OUTSIDE.test(line), line).toBe(true);
    expect(OUTSIDE.test("import { x } from '../shared-view.ts';")).toBe(false);
    expect(SECTION_OF_UNPUBLISHED('the view of §6.4')).toBe(true);
    expect(SECTION_OF_UNPUBLISHED('(RFC 6749 §5.1)')).toBe(false);
  });
});
