// docs/getting-started.md as instructions a program follows: its code blocks become the app's files,
// and its tsconfig edits are applied, so the page is exactly what the consumer suite builds.
import { copyFileSync, cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { editJson } from './create-vite-app.ts';
import { run } from './packing.ts';

interface Block {
  lang: string;
  info: string;
  code: string;
}

function blocks(markdown: string): Block[] {
  const fence = /^```(\w+)([^\n]*)\n([\s\S]*?)^```/gm;
  return [...markdown.matchAll(fence)].map(([, lang = '', info = '', code = '']) => ({ lang, info: info.trim(), code }));
}

function only<T>(items: T[], what: string): T {
  if (items.length !== 1) throw new Error(`docs/getting-started.md: expected one ${what}, found ${items.length}`);
  return items[0] as T;
}

/** The page's files: the worker, its tsconfig, the Vite config and the app (the emulator URL replaced by `apiUrl`). */
function pageFiles(docPath: string, apiUrl: string): Record<'src/sw.ts' | 'tsconfig.sw.json' | 'vite.config.ts' | 'src/main.tsx', string> {
  const all = blocks(readFileSync(docPath, 'utf8'));
  return {
    'src/sw.ts': only(all.filter((b) => b.lang === 'ts' && b.info === 'worker'), 'worker block').code,
    'tsconfig.sw.json': only(all.filter((b) => b.lang === 'json' && b.code.includes('src/sw.ts')), 'tsconfig.sw.json block').code,
    'vite.config.ts': only(all.filter((b) => b.code.startsWith('// vite.config.ts')), 'vite.config.ts block').code,
    'src/main.tsx': only(all.filter((b) => b.code.startsWith('// src/main.tsx')), 'src/main.tsx block').code.replaceAll('http://localhost:8102', apiUrl),
  };
}

/**
 * Writes src/sw.ts, tsconfig.sw.json, vite.config.ts and src/main.tsx into `appDir` (the Vite React template)
 * from the page, and makes the tsconfig edits it asks of that template. `apiUrl` replaces the emulator URL the
 * page uses, the one change made to its text (the suite's emulator runs on a port of its own).
 */
export function applyGettingStarted(docPath: string, appDir: string, apiUrl: string): void {
  mkdirSync(join(appDir, 'src'), { recursive: true });
  for (const [file, code] of Object.entries(pageFiles(docPath, apiUrl))) writeFileSync(join(appDir, file), code);

  // "add "exclude": ["src/sw.ts"] to tsconfig.app.json, and { "path": "./tsconfig.sw.json" } to the
  // references of tsconfig.json"
  editJson(join(appDir, 'tsconfig.app.json'), (json) => {
    json.exclude = ['src/sw.ts'];
  });
  editJson(join(appDir, 'tsconfig.json'), (json) => {
    (json.references as unknown[]).push({ path: './tsconfig.sw.json' });
  });
}

/**
 * The page's steps for "any other app": one tsconfig.json that includes src (not the template's project
 * references), `"exclude": ["src/sw.ts"]` added to it, and `tsc -p tsconfig.sw.json` beside `tsc -p
 * tsconfig.json`. Type-checks the page's files in `dir`, with the packages installed in `installedApp`.
 */
export function typeCheckWithoutTheTemplate(docPath: string, installedApp: string, dir: string, apiUrl: string): void {
  mkdirSync(join(dir, 'src'), { recursive: true });
  symlinkSync(join(installedApp, 'node_modules'), join(dir, 'node_modules'), 'dir');
  for (const [file, code] of Object.entries(pageFiles(docPath, apiUrl))) writeFileSync(join(dir, file), code);
  const appProject = {
    compilerOptions: { target: 'ES2022', lib: ['ES2022', 'DOM', 'DOM.Iterable'], module: 'ESNext', moduleResolution: 'bundler', jsx: 'react-jsx', strict: true, noEmit: true, skipLibCheck: true },
    include: ['src'],
    exclude: ['src/sw.ts'],
  };
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify(appProject, null, 2)}\n`);
  run('node_modules/.bin/tsc', ['-p', 'tsconfig.json'], dir);
  run('node_modules/.bin/tsc', ['-p', 'tsconfig.sw.json'], dir);
}

/**
 * Builds the app into `outDir` with each file of `edits` changed as its function says, then puts the app's own files
 * back: the variants below are the getting-started app with one set-up changed.
 */
function buildVariant(appDir: string, outDir: string, edits: Record<string, (text: string) => string>): string {
  const originals = new Map(Object.keys(edits).map((file) => [file, readFileSync(join(appDir, file), 'utf8')]));
  try {
    for (const [file, edit] of Object.entries(edits)) writeFileSync(join(appDir, file), edit(originals.get(file) ?? ''));
    run('node_modules/.bin/vite', ['build', '--outDir', outDir, '--logLevel', 'warn'], appDir);
  } finally {
    for (const [file, text] of originals) writeFileSync(join(appDir, file), text);
  }
  return outDir;
}

/** `text` with `from` replaced by `to`; throws when getting-started no longer has `from`. */
function replaced(file: string, from: string, to: string): (text: string) => string {
  return (text) => {
    if (!text.includes(from)) throw new Error(`${file} no longer has ${JSON.stringify(from)}: docs/getting-started.md changed`);
    return text.replace(from, to);
  };
}

/**
 * The same app built with the set-up of issue 30 that the page now avoids: the worker's code names the API
 * itself, as 127.0.0.1 where the app says localhost. Built into `dist-mismatch`.
 */
export function buildWithMismatchedWorker(appDir: string, apiUrl: string): string {
  const otherHost = apiUrl.replace('//localhost:', '//127.0.0.1:');
  const worker = `import { installAuthWorker } from 'authworker/sw';\n\ndeclare const self: ServiceWorkerGlobalScope;\n\ninstallAuthWorker(self, { apiUrl: '${otherHost}' });\n`;
  return buildVariant(appDir, 'dist-mismatch', { 'src/sw.ts': () => worker });
}

/**
 * The same app with the devtools, as docs/service-worker.md turns them on: the worker of getting-started as it is
 * (`installAuthWorker(self)` answers in any build that carries them), `devtools: true` in the plugin (kept in this
 * production build, as the demo does), and `<AuthDevtools />` beside the app. Built into `dist-devtools`.
 */
export function buildWithDevtools(appDir: string): string {
  const main = 'src/main.tsx';
  const addImport = replaced(main, "import { AuthProvider, AuthHandler, useUser } from 'authworker/react';", "import { AuthDevtools, AuthProvider, AuthHandler, useUser } from 'authworker/react';");
  const addPanel = replaced(main, '      </Suspense>\n', '      </Suspense>\n      <AuthDevtools />\n');
  return buildVariant(appDir, 'dist-devtools', {
    'vite.config.ts': replaced('vite.config.ts', "serviceWorkerPlugin({ entry: 'src/sw.ts' })", "serviceWorkerPlugin({ entry: 'src/sw.ts', devtools: true })"),
    [main]: (text) => addPanel(addImport(text)),
  });
}

/**
 * The built app with the package's ready-made worker (authworker/sw.js) as its /sw.js, as an app without the
 * Vite plugin serves it (copied into its public folder): `dist-ready-made`.
 */
export function withReadyMadeWorker(appDir: string): string {
  cpSync(join(appDir, 'dist'), join(appDir, 'dist-ready-made'), { recursive: true });
  copyFileSync(join(appDir, 'node_modules/authworker/dist/sw.js'), join(appDir, 'dist-ready-made/sw.js'));
  return 'dist-ready-made';
}
