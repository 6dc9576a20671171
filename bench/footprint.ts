// `npm run bench:footprint`: what installing authworker costs an app. Packs the package (npm pack
// builds it), installs the tarball with React into a fresh app in a temporary folder, and writes the
// figures into bench/RESULTS.md between the footprint markers. Not a test: nothing fails on a figure
// (the consumer suite holds the 10 MB goal).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { folderBytes, installBytes, installedPackages, makeApp, npmInstall, pack, REACT_PACKAGES, REPO, tarballFiles, versionsOf } from '../e2e/consumer/packing.ts';

const START = '<!-- footprint:start -->';
const END = '<!-- footprint:end -->';
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(2)} MB`;

const root = mkdtempSync(join(tmpdir(), 'authworker-footprint-'));
try {
  const packs = join(root, 'packs');
  mkdirSync(packs);
  const authworker = pack(packs, 'authworker');
  const emulator = pack(packs, 'authworker-emulator', 'authworker-emulator');
  const react = versionsOf(['react', 'react-dom']);
  const app = makeApp(root, 'app', null, { authworker: `file:${authworker}`, ...react }, {});
  await npmInstall(app);
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
  ];
  const section = [
    START,
    '## Install footprint (`npm run bench:footprint`)',
    '',
    `Measured ${new Date().toISOString()} with npm ${process.env.npm_config_user_agent?.split(' ')[0] ?? ''} on Node ${process.version}.`,
    '',
    '| metric | value | notes |',
    '|---|---:|---|',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    END,
  ].join('\n');
  console.log(section);
  const resultsPath = join(REPO, 'bench/RESULTS.md');
  const results = readFileSync(resultsPath, 'utf8');
  const start = results.indexOf(START);
  const end = results.indexOf(END);
  const updated = start >= 0 && end > start ? results.slice(0, start) + section + results.slice(end + END.length) : `${results.trimEnd()}\n\n${section}\n`;
  writeFileSync(resultsPath, updated);
} finally {
  rmSync(root, { recursive: true, force: true });
}
