// Fakes for the worker's unit tests (no browser needed).
import type { SessionSnapshot, UserChangeData } from '../../runtime/bridge/messages.ts';
import type { RecordStore } from '../../runtime/host/sealed-store.ts';
import { SealedStore } from '../../runtime/host/sealed-store.ts';
import { SessionHost } from '../../runtime/host/session-host.ts';
import { UserFeed } from '../../runtime/host/user-feed.ts';
import { MemoryVault, type TokenVault } from '../../runtime/host/vault.ts';

export function recordingBroadcaster(): { post(snapshot: SessionSnapshot): void; postUser(change: UserChangeData): void; posted: SessionSnapshot[]; users: UserChangeData[] } {
  const posted: SessionSnapshot[] = [];
  const users: UserChangeData[] = [];
  return { post: (snapshot) => posted.push(snapshot), postUser: (change) => users.push(change), posted, users };
}

/** A user feed of `host` that tells nobody and fetches no user (for tests of the rest of the worker API). */
export function quietUserFeed(host: SessionHost): UserFeed {
  return new UserFeed({ host, publisher: { postUser: () => undefined }, fetchUser: async () => null });
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

/** IndexedDB stand-in for SealedStore (Node has none): a Map, structured clone skipped. */
export function memoryRecords(): RecordStore & { entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>();
  return {
    entries,
    get: async (key) => entries.get(key),
    set: async (key, value) => void entries.set(key, value),
    del: async (key) => void entries.delete(key),
  };
}

/** A sealed store over `records`: instances over the same records stand for restarts of one worker. */
export function sealedStore(records: RecordStore = memoryRecords(), binding = { apiUrl: 'http://api.test', projectId: 'p' }): SealedStore {
  return new SealedStore(binding, records);
}
