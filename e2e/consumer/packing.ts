// Packing and installing the packages as their users do: `npm pack` (which builds), then apps in a
// temporary folder whose package.json names the tarballs. Used by the consumer suite and the
// footprint benchmark.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const REPO = resolve(import.meta.dirname, '../..');
const TEMPLATES = join(REPO, 'e2e/consumer/templates');

export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): string {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout}\n${stderr}`, { cause: error });
  }
}

/** `npm pack` (its prepack script builds the package) into `dir`; returns the tarball's path. */
export function pack(dir: string, name: string, workspace?: string): string {
  run('npm', ['pack', '--pack-destination', dir, ...(workspace ? ['-w', workspace] : [])], REPO);
  const tarball = readdirSync(dir).find((file) => new RegExp(`^${name}-\\d+\\.\\d+\\.\\d+.*\\.tgz$`).test(file));
  if (!tarball) throw new Error(`npm pack made no ${name} tarball in ${dir}`);
  return join(dir, tarball);
}

/** The versions this repository is tested with, so the apps install what the npm cache already has. */
export function versionsOf(names: string[]): Record<string, string> {
  const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  return Object.fromEntries(names.map((name) => [name, pkg.devDependencies[name] ?? 'latest']));
}

export function makeApp(root: string, name: string, template: string | null, deps: Record<string, string>, devDeps: Record<string, string>): string {
  const dir = join(root, name);
  if (template) cpSync(join(TEMPLATES, template), dir, { recursive: true, filter: (path) => !path.endsWith('README.md') });
  else mkdirSync(dir, { recursive: true });
  const pkgPath = join(dir, 'package.json');
  const pkg = template ? (JSON.parse(readFileSync(pkgPath, 'utf8')) as Record<string, unknown>) : { name, private: true, version: '0.0.0', type: 'module' };
  writeFileSync(pkgPath, `${JSON.stringify({ ...pkg, dependencies: deps, devDependencies: devDeps }, null, 2)}\n`);
  return dir;
}

export function npmInstall(dir: string): Promise<void> {
  return new Promise((resolveInstall, reject) => {
    const child = spawn('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolveInstall() : reject(new Error(`npm install failed in ${dir}:\n${stderr}`))));
  });
}

/** Bytes of a folder's files (what `du --apparent-size` counts). */
export function folderBytes(path: string): number {
  let total = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) total += folderBytes(full);
    else if (entry.isFile()) total += statSync(full).size;
  }
  return total;
}

/** React's own packages: the footprint figures count what an app installs beside them. */
export const REACT_PACKAGES = ['react', 'react-dom', 'scheduler'];

/** Bytes of a node_modules folder, and of it without React's packages. */
export function installBytes(modules: string): { total: number; besideReact: number } {
  const total = folderBytes(modules);
  const react = REACT_PACKAGES.reduce((sum, name) => sum + folderBytes(join(modules, name)), 0);
  return { total, besideReact: total - react };
}

/** The packages in a node_modules folder, scoped ones as `@scope/name`. */
export function installedPackages(modules: string): string[] {
  return readdirSync(modules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => (name.startsWith('@') ? readdirSync(join(modules, name)).map((scoped) => `${name}/${scoped}`) : [name]));
}

/** The files of a tarball, without npm's `package/` prefix. */
export function tarballFiles(tarball: string): string[] {
  return execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((file) => file.replace(/^package\//, ''));
}
