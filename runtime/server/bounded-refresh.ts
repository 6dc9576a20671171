// The refresh grant as a server sends it: retried like the SDK's, but within the app's request timeout, and a
// network failure becomes a NetworkError naming the token endpoint instead of a bare `TypeError: fetch failed`.

import { oauthToken } from '../protocol/contract/api.generated.ts';
import { API_PATH_PREFIX } from '../protocol/endpoint-path.ts';
import { endpointRequest } from '../protocol/endpoint-request.ts';
import { raceAbort } from '../http/abort.ts';
import { NetworkError } from '../http/errors.ts';
import { tokenCheckFailure } from './network-failure.ts';
import { realSleep } from '../http/retry.ts';
import { requestRefreshGrant, type RefreshGrantConfig } from '../session/refresh-grant.ts';

/** `requestRefreshGrant`, given up after `timeoutMs`: no retry starts that could not begin in time. */
export async function refreshWithin(cfg: RefreshGrantConfig, refreshToken: string, timeoutMs: number, now: () => number = Date.now): Promise<string | null> {
  const url = `${cfg.apiUrl.replace(/\/+$/, '')}${API_PATH_PREFIX}${endpointRequest(oauthToken).path}`;
  const fetchImpl = cfg.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const deadline = now() + timeoutMs;
  const timedOut = AbortSignal.timeout(timeoutMs);
  // What the last attempt met: a network failure, or an answer that was not a token (a wrong URL's 404).
  let networkFailure: unknown;
  let lastStatus: number | undefined;
  const gaveUp = (cause: unknown) =>
    tokenCheckFailure(cause ?? (lastStatus === undefined ? timedOut.reason : `HTTP ${lastStatus}`), url, cause || lastStatus === undefined ? undefined : { name: 'status', status: lastStatus });
  const bounded: RefreshGrantConfig = {
    ...cfg,
    fetch: (input, init) =>
      fetchImpl(input, { ...init, signal: timedOut }).then(
        (response) => {
          networkFailure = undefined;
          lastStatus = response.status;
          return response;
        },
        (error: unknown) => {
          networkFailure = error;
          throw error;
        },
      ),
    retry: {
      ...cfg.retry,
      // A retry that could not start before the deadline ends the grant, with what the last attempt met as the cause.
      sleep: (ms) => (now() + ms > deadline ? Promise.reject(gaveUp(networkFailure)) : (cfg.retry?.sleep ?? realSleep)(ms)),
    },
  };
  try {
    // Raced too: a fetch that ignores its signal must not hold the caller past the deadline.
    return await raceAbort(requestRefreshGrant(bounded, refreshToken), timedOut);
  } catch (error) {
    if (error instanceof NetworkError) throw error;
    // A failed fetch (or the deadline) is the network's fault; a known error or a bad answer is the API's.
    if (timedOut.aborted || error === networkFailure) throw gaveUp(networkFailure);
    throw error;
  }
}
