// The packed tarballs as a registry would serve them: publint and attw find no error, no test file
// ships, the install is light, every entry imports on Node, and TypeScript consumers type-check.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { LIB_ENTRIES, specifierOf } from '../../build/lib-entries.ts';
import { installBytes, installedPackages, tarballFiles } from './packing.ts';
import { readWorkspace } from './workspace.ts';

function node(cwd: string, script: string): { status: number; stdout: string; stderr: string } {
  try {
    return { status: 0, stdout: execFileSync('node', ['--input-type=module', '-e', script], { cwd, encoding: 'utf8', stdio: 'pipe' }), stderr: '' };
  } catch (error) {
    const { status = 1, stdout = '', stderr = '' } = error as { status?: number; stdout?: string; stderr?: string };
    return { status, stdout, stderr };
  }
}

for (const which of ['authworker', 'emulator'] as const) {
  test(`publint --strict: no error or warning in the ${which} tarball`, () => {
    const tarball = readWorkspace().packs[which];
    let output: string;
    let status = 0;
    try {
      output = execFileSync(join(process.cwd(), 'node_modules/.bin/publint'), [tarball, '--strict'], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      const failure = error as { status?: number; stdout?: string; stderr?: string };
      status = failure.status ?? 1;
      output = `${failure.stdout ?? ''}${failure.stderr ?? ''}`;
    }
    expect({ status, output }).toEqual({ status: 0, output: expect.stringContaining('All good!') });
  });

  // Every resolution attw knows (node10, node16 from ESM and from CJS, bundler); the one problem left out says a
  // CommonJS `require` gets an ES module, which is what an ES-module-only package means (Node 20.19+ allows it).
  test(`attw: the ${which} tarball's types resolve for node10, node16 and bundler`, () => {
    const tarball = readWorkspace().packs[which];
    const args = [tarball, '--format', 'json', '--exclude-entrypoints', 'sw.js'];
    // Into a file, not a pipe: attw exits with 1 for the problem left out, and an exiting Node process drops what a
    // pipe has not taken yet (the report is ~220 KB), while writes to a file are synchronous.
    const reportFile = join(mkdtempSync(join(tmpdir(), 'attw-')), 'report.json');
    const fd = openSync(reportFile, 'w');
    try {
      execFileSync(join(process.cwd(), 'node_modules/.bin/attw'), args, { stdio: ['ignore', fd, 'pipe'] });
    } catch {
      // Its exit status is judged by the problems below.
    } finally {
      closeSync(fd);
    }
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
      analysis: { problems: { kind: string; resolutionKind?: string; entrypoint?: string }[]; entrypoints: Record<string, { resolutions: Record<string, unknown> }> };
    };
    expect(report.analysis.problems.filter((p) => p.kind !== 'CJSResolvesToESM')).toEqual([]);
    const resolutionKinds = new Set(Object.values(report.analysis.entrypoints).flatMap((e) => Object.keys(e.resolutions)));
    expect([...resolutionKinds].sort()).toEqual(['bundler', 'node10', 'node16-cjs', 'node16-esm']);
  });
}

test('the authworker tarball holds built modules with types and maps, and no test or source file', () => {
  const { packs } = readWorkspace();
  const files = tarballFiles(packs.authworker);
  expect(files.filter((f) => /\.(test|spec)\.|test-support|testing\/|e2e\/|fixtures?\//.test(f))).toEqual([]);
  expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.endsWith('.d.mts'))).toEqual([]);
  for (const entry of Object.values(LIB_ENTRIES).map((e) => e.name)) {
    expect(files).toContain(`dist/lib/${entry}.js`);
    expect(files).toContain(`dist/lib/${entry}.d.ts`);
  }
  expect(files).toContain('dist/sw.js');
  expect(files.some((f) => f.endsWith('.js.map'))).toBe(true);
  for (const doc of ['README.md', 'LICENSE', 'CHANGELOG.md', 'package.json']) expect(files).toContain(doc);
  const emulatorFiles = tarballFiles(packs.emulator);
  expect(emulatorFiles.filter((f) => /\.(test|spec)\.|test-support|testing\/|conformance\/|load\//.test(f))).toEqual([]);
  expect(emulatorFiles).toContain('dist/cli.js');
  console.log(
    `[consumer] authworker tarball: ${files.length} files, ${statSync(packs.authworker).size} B; ` +
      `authworker-emulator tarball: ${emulatorFiles.length} files, ${statSync(packs.emulator).size} B`,
  );
});

test('an app that installs authworker and react has at most 10 MB of node_modules beside react', () => {
  const modules = join(readWorkspace().apps.footprint, 'node_modules');
  const { total, besideReact } = installBytes(modules);
  const packages = installedPackages(modules);
  console.log(`[consumer] install footprint: ${(besideReact / 1e6).toFixed(2)} MB beside react (${(total / 1e6).toFixed(2)} MB in all, ${packages.length} packages: ${packages.join(', ')})`);
  expect(besideReact).toBeLessThanOrEqual(10_000_000);
  expect(packages).not.toContain('@electric-sql/pglite');
});

test('every entry imports on Node, with no window at import time, and a wrong path gets Node\'s own error', () => {
  const { nodeServer } = readWorkspace().apps;
  // The worker library needs a worker's globals; the rest import on Node.
  const entries = [...Object.entries(LIB_ENTRIES).filter(([, e]) => e.lib === 'dom').map(([subpath]) => specifierOf(subpath)), 'authworker-emulator'];
  const script = `for (const name of ${JSON.stringify(entries)}) { const m = await import(name); if (Object.keys(m).length === 0) throw new Error(name + ' exports nothing'); } console.log(typeof window);`;
  const imported = node(nodeServer, script);
  expect(imported.stderr).toBe('');
  expect(imported.stdout.trim()).toBe('undefined');

  const server = node(nodeServer, "const { StackServerApp } = await import('authworker/server'); const app = new StackServerApp({ projectId: 'p', secretServerKey: 'k' }); console.log(typeof app.listUsers);");
  expect(server.stdout.trim()).toBe('function');

  const wrong = node(nodeServer, "await import('authworker/not-an-entry');");
  expect(wrong.status).not.toBe(0);
  expect(wrong.stderr).toContain('ERR_PACKAGE_PATH_NOT_EXPORTED');
});

// node10 ("moduleResolution": "Node") reads no `exports`; the Vite plugin's node10 check keeps skipLibCheck on, since
// Vite itself publishes no node10 typings (an app's vite.config.ts needs bundler resolution whatever it imports).
for (const config of ['node16', 'bundler', 'node10', 'node16-worker', 'bundler-worker', 'node10-worker', 'node10-vite'] as const) {
  test(`TypeScript (tsconfig.${config}.json) type-checks the entries${config === 'node10-vite' ? '' : ' with skipLibCheck off'}`, () => {
    const { nodeServer } = readWorkspace().apps;
    let output = '';
    try {
      execFileSync('node_modules/.bin/tsc', ['-p', `tsconfig.${config}.json`], { cwd: nodeServer, encoding: 'utf8' });
    } catch (error) {
      output = (error as { stdout?: string }).stdout ?? String(error);
    }
    expect(output).toBe('');
  });
}
