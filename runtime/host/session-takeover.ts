import { decodeAccessToken } from '../session/jwt.ts';
import { bestEffort, type Parse, type SealedStore } from './sealed-store.ts';
import type { SessionHost } from './session-host.ts';

const RECORD = 'official-session-taken-over';
const MARK = 'the official session takeover mark';
const isMark: Parse<true> = (value) => (value === true ? { success: true, data: true } : { success: false });

export interface SessionTakeoverDeps {
  host: SessionHost;
  /** The refresh grant: an access token, null when the API refused the refresh token; throws when it could not ask. */
  refreshAccessToken: (refreshToken: string) => Promise<string | null>;
  /** Where the "done" mark outlives the worker (none: tests without IndexedDB). */
  sealed: SealedStore | null;
  timeoutMs: number;
}

/**
 * Takes over the official SDK's cookie session, which a page of an app that asked for it (migrateOfficialSession)
 * hands over when the app switches to authworker, so its signed-in users stay signed in. Only at the worker's first
 * start: the first page's hello settles it, with or without a session to take (a refresh token the API accepts
 * becomes the session, unless the host already holds one of its own, which is newer); after that the host never
 * takes one again. The mark is sealed in IndexedDB in every persistence mode (it is no credential), so a cookie
 * planted later is never adopted, also after sign-outs and restarts.
 *
 * The function resolves true once settled (taken over, refused by the API, nothing handed over, or already done):
 * the page may then delete the cookies. False when the API could not be asked (offline): the mark waits, and the page
 * keeps the cookies for the next start.
 */
export function sessionTakeover({ host, refreshAccessToken, sealed, timeoutMs }: SessionTakeoverDeps): (refreshToken?: string) => Promise<boolean> {
  let done = false;
  return async (refreshToken) => {
    await host.ensureLoaded();
    done ||= !!(await bestEffort(sealed, timeoutMs, MARK, (s) => s.open(RECORD, isMark)));
    if (done) return true;
    if (refreshToken && !host.session) {
      let accessToken: string | null;
      try {
        accessToken = await refreshAccessToken(refreshToken);
      } catch {
        return false;
      }
      const userId = accessToken && decodeAccessToken(accessToken)?.sub;
      // A sign-in that finished while the API answered is newer: it stays.
      if (userId && !host.session) await host.establish({ refreshToken, accessToken, userId });
    }
    done = true;
    await bestEffort(sealed, timeoutMs, MARK, (s) => s.seal(RECORD, true));
    return true;
  };
}
