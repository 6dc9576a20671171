// The plugin's precache: a worker entry that only installs authworker gets the app shell precached by
// default; `precache: false` turns it off; an entry that reads the manifest keeps precaching for itself.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ONLY_WORKER as authOnlyWorker, buildBenchApp } from '../testing/build/bench-app.ts';
import { appShellEntryCode, precacheManifest, precachesItself } from './app-shell.mjs';
import { serviceWorkerPlugin } from './service-worker-plugin.mjs';

let workDir = '';

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'authworker-app-shell-'));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** The built worker of the bench app with the plugin's `precache` option. */
async function builtWorker(entry: string, precache?: boolean): Promise<string> {
  const plugin = serviceWorkerPlugin({ entry, define: { __AUTHWORKER_BENCH__: '{}' }, startupChunk: false, startupPreload: false, ...(precache === undefined ? {} : { precache }) });
  const worker = (await buildBenchApp([plugin])).output.find((item) => item.fileName === 'sw.js');
  if (worker?.type !== 'asset') throw new Error('no sw.js in the build');
  return String(worker.source);
}

describe('the app shell', () => {
  it('is precached by default: the build files with revisions, Workbox, and the navigation route to index.html', async () => {
    const worker = await builtWorker(authOnlyWorker);
    // The minifier picks the quotes: " or `.
    expect(worker).toMatch(/\{url:["`]\/index\.html["`],revision:["`][0-9a-f]{16}["`]\}/);
    expect(worker).toMatch(/url:["`]\/assets\/[\w-]+\.js["`]/);
    // Workbox's precache (its cache name) and authworker, in one worker.
    expect(worker).toContain('precache-v2');
    expect(worker).toContain('authworker:connect');
  }, 60_000);

  it('is not precached with precache: false (an empty manifest, no Workbox)', async () => {
    const worker = await builtWorker(authOnlyWorker, false);
    expect(worker).not.toContain('precache-v2');
    expect(worker).not.toContain('/index.html');
  }, 60_000);

  it('is left to a worker entry that reads the manifest itself: it only gets the manifest', async () => {
    const entry = join(workDir, 'own-precache.js');
    await writeFile(entry, `/* global self, __PRECACHE_MANIFEST__ */\nself.ownManifest = __PRECACHE_MANIFEST__;\n`);
    expect(precachesItself(entry)).toBe(true);
    const worker = await builtWorker(entry);
    expect(worker).toMatch(/self\.ownManifest=\[.*\{url:["`]\/index\.html["`]/);
    expect(worker).not.toContain('precache-v2');
  }, 60_000);

  it('lists the build and the public folder, without source maps', async () => {
    const publicDir = join(workDir, 'public');
    await rm(publicDir, { recursive: true, force: true });
    await mkdir(join(publicDir, 'icons'), { recursive: true });
    await writeFile(join(publicDir, 'icons', 'icon.svg'), '<svg/>');
    const manifest = precacheManifest({ 'index.html': { type: 'asset', source: '<html>' }, 'assets/a.js': { type: 'chunk', code: 'x' }, 'assets/a.js.map': { type: 'asset', source: '{}' } }, publicDir);
    expect(manifest.map((entry) => entry.url)).toEqual(['/index.html', '/assets/a.js', '/icons/icon.svg']);
    expect(precacheManifest({ 'index.html': { type: 'asset', source: '' } }, join(workDir, 'no-public-folder')).map((entry) => entry.url)).toEqual(['/index.html']);
    expect(appShellEntryCode('/app/src/sw.ts')).toMatch(/^import "\/app\/src\/sw\.ts";/);
  });
});
