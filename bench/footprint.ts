// `npm run bench:footprint`: what installing authworker costs an app. Packs the package (npm pack
// builds it), installs the tarball with React into a fresh app in a temporary folder, and writes the
// figures into bench/RESULTS.md between the footprint markers. Not a test: nothing fails on a figure
// (the consumer suite holds the 10 MB goal).
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSection } from './sections.ts';
import { folderBytes, installBytes, installedPackages, makeApp, npmInstall, pack, REACT_PACKAGES, REPO, tarballFiles, versionsOf } from '../e2e/consumer/packing.ts';

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(2)} MB`;

/** What authworker/server and authworker/admin import at run time (the rest of the dependencies serve pages). */
const SERVER_NEEDS = ['authworker', 'jose', 'zod'];

const root = mkdtempSync(join(tmpdir(), 'authworker-footprint-'));
try {
  const packs = join(root, 'packs');
  mkdirSync(packs);
  const authworker = pack(packs, 'authworker');
  const emulator = pack(packs, 'authworker-emulator', 'authworker-emulator');
  const react = versionsOf(['react', 'react-dom']);
  const app = makeApp(root, 'app', null, { authworker: `file:${authworker}`, ...react }, {});
  // A Node server that uses authworker/server only: what the page's packages cost it.
  const server = makeApp(root, 'server', null, { authworker: `file:${authworker}` }, {});
  await Promise.all([npmInstall(app), npmInstall(server)]);
  const serverModules = join(server, 'node_modules');
  const serverPackages = installedPackages(serverModules);
  const pageOnly = serverPackages.filter((name) => !SERVER_NEEDS.includes(name));
  const pageOnlyBytes = pageOnly.reduce((sum, name) => sum + folderBytes(join(serverModules, name)), 0);
  const modules = join(app, 'node_modules');
  const { besideReact } = installBytes(modules);
  const packages = installedPackages(modules).filter((name) => !REACT_PACKAGES.includes(name));
  const files = tarballFiles(authworker);
  const emulatorFiles = tarballFiles(emulator);
  const testFiles = [...files, ...emulatorFiles].filter((f) => /\.(test|spec)\.|test-support|testing\//.test(f));
  const rows = [
    ['node_modules of an app that installs authworker and react, beside react', mb(besideReact), 'goal <= 10 MB; 0.1.0 (the repository as the package): 74 MB'],
    ['packages beside react', String(packages.length), packages.join(', ')],
    ['authworker itself, installed', mb(folderBytes(join(modules, 'authworker'))), 'ES modules + declarations + maps; dist/sw.js'],
    ['authworker tarball', `${statSync(authworker).size.toLocaleString('en')} B, ${files.length} files`, '0.1.0: 615,677 B, 604 files'],
    ['authworker-emulator tarball', `${statSync(emulator).size.toLocaleString('en')} B, ${emulatorFiles.length} files`, 'the backend and its dependencies live here'],
    ['test files in the tarballs', String(testFiles.length), '0.1.0: 192'],
    ['node_modules of a Node server that installs authworker alone', mb(folderBytes(serverModules)), serverPackages.join(', ')],
    ['of it, packages only pages use', mb(pageOnlyBytes), `${pageOnly.join(', ')} (kept as dependencies: docs/server-and-admin.md says why)`],
  ];
  const section = [
    '## Install footprint (`npm run bench:footprint`)',
    '',
    `Measured ${new Date().toISOString()} with npm ${process.env.npm_config_user_agent?.split(' ')[0] ?? ''} on Node ${process.version}.`,
    '',
    '| metric | value | notes |',
    '|---|---:|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
  console.log(section);
  writeSection(join(REPO, 'bench/RESULTS.md'), 'footprint', section);
} finally {
  rmSync(root, { recursive: true, force: true });
}
