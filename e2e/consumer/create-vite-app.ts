// The Vite + React + TypeScript app as a newcomer makes it today: npm's create-vite from the registry (its latest
// version, at test time, not a frozen copy), then the authworker tarball beside the template's own dependencies.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { run } from './packing.ts';

/** `npm create vite@latest <name> -- --template react-ts` in `root`, with authworker added; returns the app's folder. */
export function createViteApp(root: string, name: string, authworkerTarball: string): string {
  run('npm', ['create', '--yes', 'vite@latest', name, '--', '--template', 'react-ts', '--no-interactive'], root);
  const dir = join(root, name);
  // What `npm install /path/to/authworker-x.y.z.tgz` writes; the suite's one `npm install` then installs both.
  editJson(join(dir, 'package.json'), (pkg) => {
    pkg.dependencies = { ...(pkg.dependencies as Record<string, string>), authworker: `file:${authworkerTarball}` };
  });
  return dir;
}

/** The versions of the template's tools this run got (printed, so a failure says which create-vite broke it). */
export function templateVersions(dir: string): string {
  const installed = (name: string): string => (JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
  return ['vite', 'typescript', 'react', '@vitejs/plugin-react'].map((name) => `${name} ${installed(name)}`).join(', ');
}

/** Edits a tsconfig-style JSON file (create-vite's have comments) and writes it back as plain JSON. */
export function editJson(path: string, edit: (json: Record<string, unknown>) => void): void {
  const parsed = ts.parseConfigFileTextToJson(path, readFileSync(path, 'utf8'));
  if (parsed.error) throw new Error(`${path}: ${ts.flattenDiagnosticMessageText(parsed.error.messageText, '\n')}`);
  const json = parsed.config as Record<string, unknown>;
  edit(json);
  writeFileSync(path, `${JSON.stringify(json, null, 2)}\n`);
}
