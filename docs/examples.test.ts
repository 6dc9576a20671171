// Compiles every `@example` of the package's sources (runtime/, react/, sw/) the way snippets.test.ts compiles the
// docs' snippets, so the hover docs cannot drift from the API. A ```ts example is module code (top-level await
// allowed); a ```tsx one is the body of a component, its imports lifted out; ```ts worker runs in a service worker.
// Names an example uses without making them (`app`, `user`, `team`, `stackServerApp`, `admin`, `request`) are
// declared in examples-globals below; imports starting with ./ or ../ are read from the example's own file.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileSamples, type SampleFile } from './compile-snippets.ts';

const root = resolve(import.meta.dirname, '..');
const cacheFolder = 'doc-examples';
const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'runtime', 'react', 'sw'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));

interface Example {
  file: string;
  line: number;
  /** The name the comment documents: the function, class, method or member declared after it. */
  name: string;
  /** The fence's info string: ts, tsx or `ts worker`; '' when the example has no fence. */
  info: string;
  code: string;
}

/** Every `@example` of a JSDoc comment: its lines up to the next tag or the comment's end, without the `*` margin. */
export function examplesOf(file: string, text: string): Example[] {
  const examples: Example[] = [];
  for (const comment of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
    const lines = comment[0].split('\n').map((l) => l.replace(/^\s*\/?\*+\/?\s?/, '').replace(/\s*\*\/$/, ''));
    const start = text.slice(0, comment.index).split('\n').length;
    const after = text.slice(comment.index + comment[0].length);
    const name = /^\s*(?:export\s+)?(?:declare\s+)?(?:override\s+)?(?:readonly\s+)?(?:async\s+)?(?:function\s+|class\s+|const\s+)?(\w+)/.exec(after)?.[1] ?? '';
    lines.forEach((l, i) => {
      if (!/^@example\b/.test(l)) return;
      const body: string[] = [];
      for (const next of lines.slice(i + 1)) {
        if (/^@\w/.test(next)) break;
        body.push(next);
      }
      const fenced = /^```([^\n]*)\n([\s\S]*?)^```/m.exec(body.join('\n'));
      examples.push({ file, line: start + i, name, info: fenced?.[1]?.trim() ?? '', code: fenced?.[2] ?? '' });
    });
  }
  return examples;
}

const examples = sources.flatMap((file) => examplesOf(file, readFileSync(join(root, file), 'utf8')));

/** An example as a file in `.cache/doc-examples`: relative imports re-pointed at the example's own folder. */
function sampleOf(example: Example, index: number): SampleFile {
  const here = relative(join(root, '.cache', cacheFolder), join(root, dirname(example.file)));
  const code = example.code.replace(/from '(\.\.?\/[^']+)'/g, (_, path: string) => `from '${join(here, path)}'`);
  const name = `${example.file.replace(/[/.]/g, '_')}_${index}`;
  // tsc names the cache file; its first line names the example's place in the sources.
  const origin = `// ${example.file}:${example.line}`;
  if (example.info !== 'tsx') return { name: `${name}.ts`, code: `${origin}\n${code}`, worker: example.info === 'ts worker' };
  const lines = code.split('\n');
  const imports = lines.filter((l) => l.startsWith('import '));
  const body = lines.filter((l) => !l.startsWith('import '));
  return { name: `${name}.tsx`, code: [origin, ...imports, 'export function Example() {', ...body, '}'].join('\n'), worker: false };
}

const pageGlobals = `// The names examples use without making them.
declare const app: import('authworker').StackClientApp;
declare const user: import('authworker').CurrentUser;
declare const team: import('authworker').Team;
declare const stackServerApp: import('authworker/server').StackServerApp;
declare const admin: import('authworker/admin').StackAdminApp;
declare const request: Request;
`;

describe('@example blocks of the sources', () => {
  it('finds each example with its fence', () => {
    const text = '/**\n * Does it.\n *\n * @example\n * ```tsx\n * const user = useUser();\n * ```\n * @see x\n */';
    expect(examplesOf('a.ts', `${text}\nexport function useIt() {}`)).toEqual([{ file: 'a.ts', line: 4, name: 'useIt', info: 'tsx', code: 'const user = useUser();\n' }]);
  });

  it('every example is a fenced ts or tsx block', () => {
    expect(examples.length).toBeGreaterThan(50);
    expect(examples.filter((e) => !['ts', 'tsx', 'ts worker'].includes(e.info) || e.code.trim() === '').map((e) => `${e.file}:${e.line}`)).toEqual([]);
  });

  it('every hook and component, every public method of StackClientApp and every method of the server and admin apps has one', async () => {
    const documented = (files: string[]) => new Set(examples.filter((e) => files.includes(e.file)).map((e) => e.name));
    const hooks = [...Object.keys(await import('../react/index.ts')), ...Object.keys(await import('../react/admin-hooks.ts'))].filter((n) => /^use[A-Z]/.test(n));
    const reactDocs = documented(sources.filter((f) => f.startsWith('react/')));
    expect(hooks.filter((n) => !reactDocs.has(n))).toEqual([]);
    // Every component too, but for the official SDK's other names of ours (StackProvider, StackHandler) and StackClientApp (its methods are checked below).
    const components = Object.keys(await import('../react/index.ts')).filter((n) => /^[A-Z]/.test(n) && !['StackProvider', 'StackHandler', 'StackClientApp'].includes(n));
    expect(components.filter((n) => !reactDocs.has(n))).toEqual([]);
    const { StackClientApp } = await import('../runtime/client/app/client-app.ts');
    const { StackServerApp } = await import('../runtime/server/server-app.ts');
    const { StackAdminApp } = await import('../runtime/admin/admin-app.ts');
    const methods = (cls: { prototype: object }) => Object.getOwnPropertyNames(cls.prototype).filter((n) => n !== 'constructor' && n !== 'svix');
    const clientDocs = documented(['runtime/client/app/client-app-docs.ts', 'runtime/client/app/client-app-redirect-docs.ts']);
    expect(methods(StackClientApp).filter((n) => !clientDocs.has(n))).toEqual([]);
    // Its public fields too (the stores the hooks adapt): documented where they are declared.
    const fields = [...readFileSync(join(root, 'runtime/client/app/client-app.ts'), 'utf8').matchAll(/^ {2}readonly (\w+):/gm)].map((m) => m[1] as string);
    expect(fields).toEqual(expect.arrayContaining(['session', 'userCache', 'projectCache']));
    expect(fields.filter((n) => !documented(['runtime/client/app/client-app.ts']).has(n))).toEqual([]);
    const serverDocs = documented(['runtime/server/server-app.ts']);
    expect(methods(StackServerApp).filter((n) => !serverDocs.has(n))).toEqual([]);
    const adminDocs = documented(['runtime/admin/admin-app.ts']);
    // The TSX-template names only throw NotImplementedError: their docs say so, without an example.
    expect(methods(StackAdminApp).filter((n) => !adminDocs.has(n) && !['createEmailTemplate', 'deleteEmailTemplate'].includes(n))).toEqual([]);
  });

  it('every example compiles against the package', () => {
    compileSamples(cacheFolder, examples.map(sampleOf), { dom: { 'examples-globals.d.ts': pageGlobals } });
  }, 180_000);
});
