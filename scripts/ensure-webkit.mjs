// Makes sure WebKit for the WebKit end-to-end stories is there: Debian's webkit2gtk-driver (WebKitWebDriver and
// WebKitGTK's MiniBrowser) and xvfb-run (that MiniBrowser has no headless mode), installed with apt-get when
// running as root; otherwise a clear message says how to get them.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const needed = ['/usr/bin/WebKitWebDriver', '/usr/bin/xvfb-run', '/usr/bin/xauth'];
if (needed.every((path) => existsSync(path))) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && existsSync('/usr/bin/apt-get')) {
  console.log('[authworker] WebKit not found: installing Debian\'s webkit2gtk-driver, xvfb and xauth with apt-get…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq webkit2gtk-driver xvfb xauth', { stdio: 'inherit' });
  if (needed.every((path) => existsSync(path))) process.exit(0);
}
console.error(
  '[authworker] The WebKit end-to-end stories need WebKitWebDriver and xvfb-run, and they were not found.\n' +
    '  Debian/Ubuntu: sudo apt-get install webkit2gtk-driver xvfb xauth',
);
process.exit(1);
