// Fakes for the worker's unit tests (no browser needed).
import type { SessionSnapshot } from '../bridge/messages.ts';
import { SessionHost } from './session-host.ts';
import { MemoryVault, type TokenVault } from './vault.ts';

export function recordingBroadcaster(): { post(snapshot: SessionSnapshot): void; posted: SessionSnapshot[] } {
  const posted: SessionSnapshot[] = [];
  return { post: (snapshot) => posted.push(snapshot), posted };
}

/** An unsigned JWT-shaped token with the given expiry, enough for the session core (it never verifies). */
export function fakeAccessToken(sub: string, expiresAtMs: number, issuedAtMs = Date.now()): string {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'ES256' })}.${encode({ sub, exp: Math.floor(expiresAtMs / 1000), iat: Math.floor(issuedAtMs / 1000) })}.c2ln`;
}

export function makeHost(options: { vault?: TokenVault; refresh?: (rt: string) => Promise<string | null>; timeoutMs?: number } = {}) {
  const broadcaster = recordingBroadcaster();
  const vault = options.vault ?? new MemoryVault();
  const host = new SessionHost({
    vault,
    broadcaster,
    timeoutMs: options.timeoutMs ?? 1000,
    refreshAccessToken: options.refresh ?? (async () => fakeAccessToken('user-1', Date.now() + 600_000)),
  });
  return { host, vault, broadcaster };
}
