// Makes sure a Firefox for the Firefox end-to-end run exists: Debian's firefox-esr, installed with
// apt-get when running as root; otherwise a clear message says how to get one.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = [process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'].filter(Boolean);
if (candidates.some((path) => existsSync(path))) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('[authworker] Firefox not found: installing Debian\'s firefox-esr with apt-get (about a minute)…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq firefox-esr', { stdio: 'inherit' });
  if (existsSync('/usr/bin/firefox-esr')) process.exit(0);
}
console.error(
  '[authworker] The Firefox end-to-end run needs Firefox and none was found.\n' +
    '  Debian/Ubuntu: sudo apt-get install firefox-esr\n' +
    '  Elsewhere: install Firefox and set FIREFOX_PATH=/path/to/firefox',
);
process.exit(1);
