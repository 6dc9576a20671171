// Global set-up of the consumer suite: pack both packages, install them into fresh apps in a temporary
// folder outside the repository (so nothing resolves through the repository's node_modules), build the
// Vite app as docs/getting-started.md says, and start the emulator (from the installed
// authworker-emulator), the app's preview server and the Node server. Returns the teardown.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createViteApp, templateVersions } from './create-vite-app.ts';
import { applyGettingStarted, buildWithDevtools, buildWithMismatchedWorker, typeCheckWithoutTheTemplate, withReadyMadeWorker } from './getting-started.ts';
import { makeApp, npmInstall, pack, REPO, run, versionsOf } from './packing.ts';
import { CONSUMER_PORTS, WORKSPACE_FILE, type ConsumerWorkspace } from './workspace.ts';

const DEMO_PROJECT_ID = 'dfa45225-c0f9-490d-98d7-d2c978934c58';

function log(message: string): void {
  console.log(`[consumer] ${message}`);
}

function start(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code, signal) => {
    if (code !== null && code !== 0) console.error(`[consumer] ${command} ${args.join(' ')} exited ${code}:\n${output}`);
    else if (signal === null && code === null) console.error(`[consumer] ${command} stopped`);
  });
  return child;
}

async function waitForUrl(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server for ${url} exited (${child.exitCode})`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function stop(children: ChildProcess[]): void {
  for (const child of children) {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = Date.now();
  const root = mkdtempSync(join(tmpdir(), 'authworker-consumer-'));
  const packsDir = join(root, 'packs');
  mkdirSync(packsDir);
  log(`workspace ${root}`);

  const authworker = pack(packsDir, 'authworker');
  const emulatorPack = pack(packsDir, 'authworker-emulator', 'authworker-emulator');
  log(`packed ${readdirSync(packsDir).join(', ')} (${Date.now() - started} ms)`);

  const tooling = versionsOf(['react', 'react-dom', 'vite', 'typescript', '@types/react', '@types/react-dom', '@types/node']);
  const react = { react: tooling.react as string, 'react-dom': tooling['react-dom'] as string };
  // Today's template, as a newcomer gets it (its React, Vite and TypeScript, not this repository's).
  const viteApp = createViteApp(root, 'vite-app', authworker);
  const nodeServer = makeApp(root, 'node-server', 'node-server', { authworker: `file:${authworker}`, 'authworker-emulator': `file:${emulatorPack}` }, {
    typescript: tooling.typescript as string,
    '@types/node': tooling['@types/node'] as string,
    '@types/react': tooling['@types/react'] as string,
    ...react,
    vite: tooling.vite as string,
  });
  const footprint = makeApp(root, 'footprint', null, { authworker: `file:${authworker}`, ...react }, {});
  await Promise.all([npmInstall(viteApp), npmInstall(nodeServer), npmInstall(footprint)]);
  log(`installed three apps; create-vite's template brought ${templateVersions(viteApp)} (${Date.now() - started} ms)`);

  const emulatorUrl = `http://localhost:${CONSUMER_PORTS.emulator}`;
  applyGettingStarted(join(REPO, 'docs/getting-started.md'), viteApp, emulatorUrl);
  run('npm', ['run', 'build'], viteApp);
  log(`vite app: tsc -b && vite build passed (${Date.now() - started} ms)`);
  typeCheckWithoutTheTemplate(join(REPO, 'docs/getting-started.md'), viteApp, join(root, 'plain-ts-app'), emulatorUrl);
  const mismatchDist = buildWithMismatchedWorker(viteApp, emulatorUrl);
  const readyMadeDist = withReadyMadeWorker(viteApp);
  const devtoolsDist = buildWithDevtools(viteApp);
  log(`an app with one tsconfig.json type-checks; the app with a worker set up otherwise, with the ready-made worker and with the devtools, are built (${Date.now() - started} ms)`);

  const children: ChildProcess[] = [];
  // Vite 8.4 refuses a second `vite preview` of one project (its command lock): the four previews here serve four
  // builds of the one app, so they pass the flag Vite names for it (older Vites have no lock and no flag).
  const vitePreview = (...args: string[]) => ['preview', ...args, ...(hasCommandLock(viteApp) ? ['--bypass-lock'] : [])];
  const emulator = start('node_modules/.bin/authworker-emulator', ['--port', String(CONSUMER_PORTS.emulator), '--mail-port', String(CONSUMER_PORTS.mail), '--webhooks-port', String(CONSUMER_PORTS.webhooks)], nodeServer);
  children.push(emulator);
  const preview = start('node_modules/.bin/vite', vitePreview('--port', String(CONSUMER_PORTS.viteApp), '--strictPort'), viteApp);
  children.push(preview);
  // `npm run dev` too, as getting-started's step 5 says: the plugin serves the worker from the dev server.
  const dev = start('npm', ['run', 'dev', '--', '--port', String(CONSUMER_PORTS.viteDev), '--strictPort'], viteApp);
  children.push(dev);
  const mismatchPreview = start('node_modules/.bin/vite', vitePreview('--outDir', mismatchDist, '--port', String(CONSUMER_PORTS.mismatchApp), '--strictPort'), viteApp);
  children.push(mismatchPreview);
  const readyMadePreview = start('node_modules/.bin/vite', vitePreview('--outDir', readyMadeDist, '--port', String(CONSUMER_PORTS.readyMadeApp), '--strictPort'), viteApp);
  children.push(readyMadePreview);
  const devtoolsPreview = start('node_modules/.bin/vite', vitePreview('--outDir', devtoolsDist, '--port', String(CONSUMER_PORTS.devtoolsApp), '--strictPort'), viteApp);
  children.push(devtoolsPreview);
  const server = start('node', ['server.mjs'], nodeServer, {
    PORT: String(CONSUMER_PORTS.nodeServer),
    API_URL: emulatorUrl,
    PROJECT_ID: DEMO_PROJECT_ID,
    PUBLISHABLE_CLIENT_KEY: 'pck_pmy7skfgdxsnw8q561n2qjdyqtkz0cm2d26eqbg01z9pf',
    SECRET_SERVER_KEY: 'ssk_daxst1wd7qxxxk0nd65rnqzjg3410nhv7xynfpwc8ffan',
  });
  children.push(server);
  const workspace: ConsumerWorkspace = {
    root,
    packs: { authworker, emulator: emulatorPack },
    apps: { viteApp, nodeServer, footprint },
    emulatorUrl,
    viteAppUrl: `http://localhost:${CONSUMER_PORTS.viteApp}`,
    viteDevUrl: `http://localhost:${CONSUMER_PORTS.viteDev}`,
    mismatchAppUrl: `http://localhost:${CONSUMER_PORTS.mismatchApp}`,
    readyMadeAppUrl: `http://localhost:${CONSUMER_PORTS.readyMadeApp}`,
    devtoolsAppUrl: `http://localhost:${CONSUMER_PORTS.devtoolsApp}`,
    nodeServerUrl: `http://localhost:${CONSUMER_PORTS.nodeServer}`,
  };
  try {
    await Promise.all([
      waitForUrl(`${emulatorUrl}/health`, emulator),
      waitForUrl(workspace.viteAppUrl, preview),
      waitForUrl(workspace.viteDevUrl, dev),
      waitForUrl(workspace.mismatchAppUrl, mismatchPreview),
      waitForUrl(workspace.readyMadeAppUrl, readyMadePreview),
      waitForUrl(workspace.devtoolsAppUrl, devtoolsPreview),
      waitForUrl(`${workspace.nodeServerUrl}/health`, server),
    ]);
  } catch (error) {
    stop(children);
    throw error;
  }
  writeFileSync(WORKSPACE_FILE, JSON.stringify(workspace, null, 2));
  log(`servers up (${Date.now() - started} ms)`);

  return async () => {
    stop(children);
    rmSync(WORKSPACE_FILE, { force: true });
    if (!process.env.KEEP_CONSUMER_WORKSPACE) rmSync(root, { recursive: true, force: true });
  };
}

/** Whether the app's Vite (8.4 and later) locks a command to one process per project. */
function hasCommandLock(app: string): boolean {
  const { version } = JSON.parse(readFileSync(join(app, 'node_modules/vite/package.json'), 'utf8')) as { version: string };
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 8 || (major === 8 && minor >= 4);
}
