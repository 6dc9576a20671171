// Plain JavaScript on purpose: loaded by the Vite plugin (service-worker-plugin.mjs) without compiling.
// The app shell: the build's files as a Workbox precache manifest, and (by default) a worker entry that
// precaches them and serves every navigation the built index.html, so the app starts offline after its first
// visit. Workbox is the maintained library for this (precache with revisions, cleanup, navigation route);
// sw/app-shell.ts calls it.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The constant the worker reads its manifest from (empty in dev). */
export const PRECACHE_DEFINE = '__PRECACHE_MANIFEST__';
/** The worker entry the plugin builds when it precaches for the app: the app's entry, then the precache. */
export const APP_SHELL_ENTRY = '\0authworker:app-shell-worker';

/** Every file of a folder, recursively, relative to it. */
function filesUnder(dir) {
  let out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    out = statSync(path).isDirectory() ? out.concat(filesUnder(path).map((f) => join(name, f))) : out.concat(name);
  }
  return out;
}

const revision = (content) => createHash('sha256').update(content).digest('hex').slice(0, 16);

/**
 * The build's files (source maps left out) and the public folder's, as `{ url, revision }` entries.
 * @param {Record<string, { type: string; code?: string; source?: string | Uint8Array }>} files
 * @param {string} publicDir
 * @returns {{ url: string; revision: string }[]}
 */
export function precacheManifest(files, publicDir) {
  const manifest = [];
  for (const [name, file] of Object.entries(files)) {
    if (name.endsWith('.map')) continue;
    manifest.push({ url: `/${name}`, revision: revision(file.type === 'chunk' ? (file.code ?? '') : (file.source ?? '')) });
  }
  // Vite names a public folder even where there is none.
  if (publicDir && existsSync(publicDir)) {
    for (const name of filesUnder(publicDir)) {
      manifest.push({ url: `/${relative(publicDir, join(publicDir, name)).split('\\').join('/')}`, revision: revision(readFileSync(join(publicDir, name))) });
    }
  }
  return manifest;
}

/** Whether the worker entry precaches for itself (it reads the manifest): then the plugin only hands it over. */
export function precachesItself(entryPath) {
  return readFileSync(entryPath, 'utf8').includes(PRECACHE_DEFINE);
}

// The worker side: its source in this repository; in the package (which ships no sources) the built module,
// Workbox inlined, so an app need not install Workbox.
const APP_SHELL_SOURCE = fileURLToPath(new URL('../sw/app-shell.ts', import.meta.url));
const APP_SHELL_BUILT = fileURLToPath(new URL('../dist/app-shell.js', import.meta.url));

/**
 * The plugin of the worker build that provides APP_SHELL_ENTRY. The app's entry is imported for its effects
 * only, which a `"sideEffects": false` in the app's package.json must not drop.
 * @param {string} entryPath
 */
export function appShellEntryPlugin(entryPath) {
  return {
    name: 'authworker:app-shell-entry',
    enforce: 'pre',
    resolveId: (id) => (id === APP_SHELL_ENTRY ? id : id === entryPath ? { id, moduleSideEffects: true } : null),
    load: (id) => (id === APP_SHELL_ENTRY ? appShellEntryCode(entryPath) : null),
  };
}

/**
 * The code of APP_SHELL_ENTRY: the app's worker first (its listeners, authworker's among them, come first and
 * answer what is theirs), then the app shell (sw/app-shell.ts).
 * @param {string} entryPath
 */
export function appShellEntryCode(entryPath) {
  const appShell = existsSync(APP_SHELL_SOURCE) ? APP_SHELL_SOURCE : APP_SHELL_BUILT;
  return [
    `import ${JSON.stringify(entryPath)};`,
    `import { precacheAppShell } from ${JSON.stringify(appShell)};`,
    `precacheAppShell(${PRECACHE_DEFINE});`,
  ].join('\n');
}
