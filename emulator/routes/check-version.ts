// POST /check-version: no project auth, `{clientVersion}` in, `{upToDate:true}` or
// `{upToDate:false, error, severe}` out, judged against the backend version the emulator reproduces.
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { publicTableRoute } from '../http/table-route.ts';
import { json } from '../http/respond.ts';
import { object, string } from '../http/schema.ts';

/** The SDK/backend version of the protocol the emulator reproduces. */
export const EMULATED_BACKEND_VERSION = '2.7.16';

interface Version {
  core: [number, number, number];
  /** '' for a release. */
  prerelease: string;
}

const SEMVER =
  /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-z-][\da-z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-z-][\da-z-]*))*))?(?:\+[\da-z-]+(?:\.[\da-z-]+)*)?$/i;

function parseVersion(text: string): Version | null {
  const m = SEMVER.exec(text.trim());
  return m ? { core: [Number(m[1]), Number(m[2]), Number(m[3])], prerelease: m[4] ?? '' } : null;
}

/** Semver precedence (pre-release identifiers compared numerically where they are numbers): < 0 when `a` is older. */
function compareVersions(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) if (a.core[i] !== b.core[i]) return (a.core[i] as number) - (b.core[i] as number);
  if (a.prerelease === b.prerelease) return 0;
  // A release outranks its pre-releases.
  if (a.prerelease === '' || b.prerelease === '') return a.prerelease === '' ? 1 : -1;
  return a.prerelease.localeCompare(b.prerelease, 'en', { numeric: true });
}

const UPDATE_ADVICE = 'Please update to the latest version as soon as possible to ensure that you get the latest feature and security updates.';

/** The backend's answer for `clientVersion`: a different major/minor or no semver at all is severe. */
export function checkClientVersion(clientVersion: string, serverVersion = EMULATED_BACKEND_VERSION): { upToDate: true } | { upToDate: false; error: string; severe: boolean } {
  const client = parseVersion(clientVersion);
  const server = parseVersion(serverVersion);
  if (server === null) throw new Error(`invalid emulated backend version ${serverVersion}`);
  if (client === null) {
    return { upToDate: false, error: `The client version you specified (v${clientVersion}) is not a valid semver version. ${UPDATE_ADVICE}`, severe: true };
  }
  if (client.core[0] !== server.core[0] || client.core[1] !== server.core[1]) {
    return {
      upToDate: false,
      error: `YOUR VERSION OF STACK AUTH IS SEVERELY OUTDATED. YOU SHOULD UPDATE IT AS SOON AS POSSIBLE. WE CAN'T APPLY SECURITY UPDATES IF YOU DON'T UPDATE STACK AUTH REGULARLY. (your version is v${clientVersion}; the current version is v${serverVersion}).`,
      severe: true,
    };
  }
  if (compareVersions(client, server) < 0) {
    return { upToDate: false, error: `You are running an outdated version of Stack Auth (v${clientVersion}; the current version is v${serverVersion}). ${UPDATE_ADVICE}`, severe: false };
  }
  return { upToDate: true };
}

export const checkVersionRoutes = new Hono<AppEnv>().on(
  ...publicTableRoute('checkVersion', { body: object({ clientVersion: string() }) }, (_c, { body }) => json(checkClientVersion(body.clientVersion))),
);
