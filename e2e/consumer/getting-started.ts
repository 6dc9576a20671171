// docs/getting-started.md as instructions a program follows: its code blocks become the app's files,
// and its tsconfig edits are applied, so the page is exactly what the consumer suite builds.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { editJson } from './create-vite-app.ts';

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

/**
 * Writes src/sw.ts, tsconfig.sw.json, vite.config.ts and src/main.tsx into `appDir` from the page, and
 * makes the tsconfig edits it asks for. `apiUrl` replaces the emulator URL the page uses, the one
 * change made to its text (the suite's emulator runs on a port of its own).
 */
export function applyGettingStarted(docPath: string, appDir: string, apiUrl: string): void {
  const all = blocks(readFileSync(docPath, 'utf8'));
  const withUrl = (code: string): string => code.replaceAll('http://localhost:8102', apiUrl);
  mkdirSync(join(appDir, 'src'), { recursive: true });
  const worker = only(all.filter((b) => b.lang === 'ts' && b.info === 'worker' && b.code.includes('http://localhost:8102')), 'local worker block');
  writeFileSync(join(appDir, 'src/sw.ts'), withUrl(worker.code));
  const swConfig = only(all.filter((b) => b.lang === 'json' && b.code.includes('src/sw.ts')), 'tsconfig.sw.json block');
  writeFileSync(join(appDir, 'tsconfig.sw.json'), swConfig.code);
  const viteConfig = only(all.filter((b) => b.code.startsWith('// vite.config.ts')), 'vite.config.ts block');
  writeFileSync(join(appDir, 'vite.config.ts'), viteConfig.code);
  const main = only(all.filter((b) => b.code.startsWith('// src/main.tsx')), 'src/main.tsx block');
  writeFileSync(join(appDir, 'src/main.tsx'), withUrl(main.code));

  // "add "exclude": ["src/sw.ts"] to tsconfig.app.json, and { "path": "./tsconfig.sw.json" } to the
  // references of tsconfig.json"
  editJson(join(appDir, 'tsconfig.app.json'), (json) => {
    json.exclude = ['src/sw.ts'];
  });
  editJson(join(appDir, 'tsconfig.json'), (json) => {
    (json.references as unknown[]).push({ path: './tsconfig.sw.json' });
  });
}
