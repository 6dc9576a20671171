// The consumer suite's workspace: where the tarballs, the apps and the servers live, shared between
// the global set-up (which makes them) and the specs (which use them) through one JSON file.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);

export const CONSUMER_PORTS = {
  emulator: 18202 + offset,
  mail: 18205 + offset,
  webhooks: 18213 + offset,
  viteApp: 14273 + offset,
  /** The same app under `npm run dev`. */
  viteDev: 14274 + offset,
  /** Nothing listens here: the base URL of a misconfigured server app. */
  nothingListens: 14299 + offset,
  nodeServer: 14275 + offset,
  /** The same app with a worker whose code names another API origin (the mismatch of issue 30). */
  mismatchApp: 14277 + offset,
  /** The same app serving the package's ready-made worker as its /sw.js. */
  readyMadeApp: 14279 + offset,
  /** The same app with the devtools (worker, plugin and panel). */
  devtoolsApp: 14281 + offset,
};

export interface ConsumerWorkspace {
  root: string;
  packs: { authworker: string; emulator: string };
  apps: { viteApp: string; nodeServer: string; footprint: string };
  emulatorUrl: string;
  viteAppUrl: string;
  viteDevUrl: string;
  mismatchAppUrl: string;
  readyMadeAppUrl: string;
  devtoolsAppUrl: string;
  nodeServerUrl: string;
}

/** The file the set-up writes; outside the repository, like everything the suite makes. */
export const WORKSPACE_FILE = join(tmpdir(), `authworker-consumer-${offset}.json`);

export function readWorkspace(): ConsumerWorkspace {
  return JSON.parse(readFileSync(WORKSPACE_FILE, 'utf8')) as ConsumerWorkspace;
}
