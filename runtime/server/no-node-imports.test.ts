// The server and admin apps must run on edge runtimes: their whole import graph (runtime/server,
// runtime/admin and the shared modules they reach) uses web-standard APIs and imports no Node built-in.
import { builtinModules } from 'node:module';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const runtimeRoot = resolve(import.meta.dirname, '..');
const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, name.split('/')[0] as string]));
const isTestOnly = (file: string) => /\.test\.ts$|test-support\.ts$|test-fakes\.ts$|\.test-data\.ts$/.test(file);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith('.ts') && !isTestOnly(f))
    .map((f) => join(folder, f));
}

function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  const patterns = [/\b(?:import|export)\s[^;]*?\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, /\bimport\s+['"]([^'"]+)['"]/g, /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.push(match[1] as string);
  return found;
}

/** Every module reachable from `entries` through relative imports, with the bare specifiers each imports. */
function importGraph(entries: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (graph.has(file)) continue;
    const bare: string[] = [];
    for (const spec of specifiers(file)) {
      if (spec.startsWith('.')) queue.push(resolve(dirname(file), spec));
      else bare.push(spec);
    }
    graph.set(file, bare);
  }
  return graph;
}

describe('server and admin import graph', () => {
  const entries = [...sourceFiles(join(runtimeRoot, 'server')), ...sourceFiles(join(runtimeRoot, 'admin'))];
  const graph = importGraph(entries);

  it('covers the entry points and the shared modules they use', () => {
    const files = [...graph.keys()].map((f) => relative(runtimeRoot, f));
    expect(files).toContain('server/index.ts');
    expect(files).toContain('admin/index.ts');
    expect(files).toContain('http/pipeline.ts');
    expect(files.some((f) => f.startsWith('protocol/'))).toBe(true);
    expect(files.filter((f) => isTestOnly(f))).toEqual([]);
  });

  it('imports no Node built-in (node: or bare names such as fs, crypto, buffer)', () => {
    const offenders: string[] = [];
    for (const [file, bare] of graph) {
      for (const spec of bare) if (spec.startsWith('node:') || NODE_BUILTINS.has(spec) || NODE_BUILTINS.has(spec.split('/')[0] as string)) offenders.push(`${relative(runtimeRoot, file)} -> ${spec}`);
    }
    expect(offenders).toEqual([]);
  });

  it('imports only web-standard-friendly packages', () => {
    const packages = new Set([...graph.values()].flat().map((spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string))));
    expect([...packages].sort()).toEqual(['jose', 'zod']);
  });

  it('refers to no Node-only global (process.env is only read through globalThis)', () => {
    const offenders: string[] = [];
    for (const file of graph.keys()) {
      // Comments may mention them; strings lose their `//…` tails too, which this check can afford.
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      if (/(?<![.\w])(Buffer|__dirname|__filename|require)\b|(?<![.\w])process\./.test(code)) offenders.push(relative(runtimeRoot, file));
    }
    expect(offenders).toEqual([]);
  });
});
