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
 * The same app built with the set-up of issue 30 that the page now avoids: the worker's code names the API
 * itself, as 127.0.0.1 where the app says localhost. Built into `dist-mismatch`; the app's own worker is put back.
 */
export function buildWithMismatchedWorker(appDir: string, apiUrl: string): string {
  const worker = join(appDir, 'src/sw.ts');
  const own = readFileSync(worker, 'utf8');
  const otherHost = apiUrl.replace('//localhost:', '//127.0.0.1:');
  writeFileSync(worker, `import { installAuthWorker } from 'authworker/sw';\n\ndeclare const self: ServiceWorkerGlobalScope;\n\ninstallAuthWorker(self, { apiUrl: '${otherHost}' });\n`);
  try {
    run('node_modules/.bin/vite', ['build', '--outDir', 'dist-mismatch', '--logLevel', 'warn'], appDir);
  } finally {
    writeFileSync(worker, own);
  }
  return 'dist-mismatch';
}

/**
 * The same app with the devtools, as docs/service-worker.md turns them on: `devtools: true` in the worker and in the
 * plugin (kept in this production build, as the demo does), and `<AuthDevtools />` beside the app. Built into
 * `dist-devtools`; the app's own files are put back.
 */
export function buildWithDevtools(appDir: string): string {
  const edits: [file: string, from: string, to: string][] = [
    ['src/sw.ts', 'installAuthWorker(self);', 'installAuthWorker(self, { devtools: true });'],
    ['vite.config.ts', "serviceWorkerPlugin({ entry: 'src/sw.ts' })", "serviceWorkerPlugin({ entry: 'src/sw.ts', devtools: true })"],
    ['src/main.tsx', "import { AuthProvider, AuthHandler, useUser } from 'authworker/react';", "import { AuthDevtools, AuthProvider, AuthHandler, useUser } from 'authworker/react';"],
    ['src/main.tsx', '      </Suspense>\n', '      </Suspense>\n      <AuthDevtools />\n'],
  ];
  const originals = new Map(edits.map(([file]) => [file, readFileSync(join(appDir, file), 'utf8')]));
  try {
    for (const [file, from, to] of edits) {
      const path = join(appDir, file);
      const text = readFileSync(path, 'utf8');
      if (!text.includes(from)) throw new Error(`${file} no longer has ${JSON.stringify(from)}: docs/getting-started.md changed`);
      writeFileSync(path, text.replace(from, to));
    }
    run('node_modules/.bin/vite', ['build', '--outDir', 'dist-devtools', '--logLevel', 'warn'], appDir);
  } finally {
    for (const [file, text] of originals) writeFileSync(join(appDir, file), text);
  }
  return 'dist-devtools';
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
