// Makes sure a Chromium for the end-to-end tests exists: Debian's package, installed with
// apt-get when running as root; otherwise a clear message says how to get one.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/lib/chromium/chromium'].filter(Boolean);
if (candidates.some((path) => existsSync(path))) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('[authworker] Chromium not found: installing Debian\'s chromium with apt-get (about 30 s)…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  if (existsSync('/usr/bin/chromium')) process.exit(0);
}
console.error(
  '[authworker] The end-to-end tests need Chromium and none was found.\n' +
    '  Debian/Ubuntu: sudo apt-get install chromium\n' +
    '  Elsewhere: install Chromium or Chrome and set CHROMIUM_PATH=/path/to/chromium',
);
process.exit(1);
