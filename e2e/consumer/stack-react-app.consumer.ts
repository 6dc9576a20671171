// The drop-in claim, from the packed tarball: a React app written for @stackframe/react (templates/stack-react-app,
// type-checked against the official package by react/components/official-props.test.ts) compiles and runs with
// only its imports changed to authworker. One build (tsc + vite) and one page check.
import { spawn } from 'node:child_process';
import { cpSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { signUpOverHttp } from '../../testing/emulator/http-sign-up.ts';
import { freePort } from '../support/free-port.ts';
import { REPO, run } from './packing.ts';
import { readWorkspace } from './workspace.ts';

const PASSWORD = 'correct horse battery staple';

/** Where each official name lives in authworker: `StackClientApp` in the root entry, the React names in `authworker/react`. */
const ENTRY_OF: Record<string, string> = { StackClientApp: 'authworker' };

/** The app's sources with each `import { … } from '@stackframe/react'` pointed at authworker: the one change made. */
function switchImports(source: string): string {
  return source.replace(/import \{([^}]*)\} from '@stackframe\/react';/g, (_, list: string) => {
    const names = list.split(',').map((name) => name.trim()).filter(Boolean);
    const byEntry = new Map<string, string[]>();
    for (const name of names) byEntry.set(ENTRY_OF[name] ?? 'authworker/react', [...(byEntry.get(ENTRY_OF[name] ?? 'authworker/react') ?? []), name]);
    return [...byEntry].map(([entry, imported]) => `import { ${imported.join(', ')} } from '${entry}';`).join('\n');
  });
}

test('an app written for @stackframe/react builds and runs with its imports changed to authworker', async ({ page }) => {
  const { root, apps, emulatorUrl } = readWorkspace();
  const app = join(root, 'stack-react-app');
  cpSync(join(REPO, 'e2e/consumer/templates/stack-react-app'), app, { recursive: true, filter: (path) => !path.endsWith('README.md') });
  for (const file of readdirSync(join(app, 'src'))) {
    const path = join(app, 'src', file);
    const source = readFileSync(path, 'utf8');
    writeFileSync(path, file === 'config.ts' ? source.replace('http://localhost:8102', emulatorUrl) : switchImports(source));
  }
  expect(readFileSync(join(app, 'src/app.tsx'), 'utf8')).not.toContain('@stackframe');
  // The Vite app's install has what this one needs (authworker from the tarball, React, Vite, TypeScript).
  symlinkSync(join(apps.viteApp, 'node_modules'), join(app, 'node_modules'), 'dir');
  run('npm', ['run', 'build'], app);

  const port = await freePort('localhost');
  const preview = spawn('node_modules/.bin/vite', ['preview', '--port', String(port), '--strictPort'], { cwd: app, stdio: 'ignore', detached: true });
  try {
    const url = `http://localhost:${port}`;
    await expect.poll(() => fetch(url).then((r) => r.status, () => 0), { timeout: 30_000 }).toBe(200);
    const email = `consumer-drop-in-${Date.now().toString(36)}-${process.pid}@example.com`;
    await signUpOverHttp(emulatorUrl, email, PASSWORD);

    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    // As on the official card, the e-mail link comes first when both methods are on: the password is the second tab.
    await page.getByRole('tab', { name: 'Email & Password' }).click();
    const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
    await expect(signIn).toHaveCSS('background-color', 'rgb(190, 18, 60)');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signIn.click();

    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
    // The header's UserAvatar, and the UserButton's own (an avatar opens the menu, as on the official one).
    await expect(page.getByRole('banner').getByRole('img', { name: `Avatar of ${email}` })).toHaveCount(2);
    await expect(page.getByRole('banner').getByRole('combobox', { name: 'Team' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: email })).toBeVisible();
  } finally {
    if (preview.pid !== undefined) process.kill(-preview.pid, 'SIGTERM');
  }
});
