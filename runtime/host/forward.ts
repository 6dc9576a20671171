import type { Pipeline } from '../http/pipeline.ts';
import { HEXCLAVE_KNOWN_ERROR_HEADER, STACK_KNOWN_ERROR_HEADER } from '../protocol/headers.ts';
import { NetworkError, OfflineError } from '../http/errors.ts';
import { Answer, type AnswerHead } from './answer.ts';
import { coalescingKey, type InflightGets } from './coalesce.ts';
import type { OfflineReadCache } from './offline-read-cache.ts';
import { failureResponse, sanitizeAnswer, serverErrorResponse } from './responses.ts';
import type { SessionHost } from './session-host.ts';
import { mayCarryTokenFields, readsRefreshToken, returnsProviderToken } from './token-endpoints.ts';
import * as api from '../protocol/contract/api.generated.ts';
import { endpointRequest } from '../protocol/endpoint-request.ts';

export interface ForwardDeps {
  host: SessionHost;
  pipeline: Pipeline;
  inflight: InflightGets;
  offlineCache: OfflineReadCache;
}

export interface ForwardRequest {
  path: string;
  method: string;
  /** Page headers (lowercase names), identity headers already removed. */
  headers: Record<string, string>;
  body: BodyInit | null;
  withSession: boolean;
}

/**
 * Sends a page's API request with the session's headers: identical GETs share one request, token
 * fields are removed from the answer, and while offline the last answer for the user is served.
 * The answer's body is read at most once, by the steps that need it (answer.ts).
 */
export async function forwardApiRequest(deps: ForwardDeps, request: ForwardRequest): Promise<Response> {
  const { host, pipeline } = deps;
  const bare = request.path.split('?')[0] ?? request.path;
  try {
    await host.ensureLoaded();
    const askedAs = host.snapshot.userId;
    // Only the endpoints that read it get the refresh token: a password update keeps just the session it names.
    const sendRefreshToken = readsRefreshToken(request.method, request.path);
    const send = () =>
      pipeline.send({ path: request.path, method: request.method, headers: request.headers, body: request.body, session: request.withSession ? host.session : null, sendRefreshToken });
    const key = coalescingKey(request.method, `${request.withSession ? '' : 'no-session '}${request.path}`, request.headers);
    const sentSession = request.withSession ? host.session : null;
    let answer = key === null ? new Answer(await send()) : await deps.inflight.run(key, send);
    // A user deleted on the server: check the session once, retry if it is still good, else it ended everywhere.
    if (sentSession && findsNoUser(answer, bare) && (await host.recheckUser(sentSession)) && host.session === sentSession) {
      answer.discard();
      answer = new Answer(await send());
    }
    host.setNetwork('online');
    const serverError = serverErrorResponse(answer);
    if (serverError) return serverError;
    const clean = !returnsProviderToken(request.method, request.path) && mayCarryTokenFields(request.method, request.path) ? await sanitizeAnswer(answer) : answer;
    // Off the request path: the page's answer streams on while the cache reads its own copy. An edit's answer is the
    // resource too (PATCH /users/me answers the user): kept, and sent to every tab (user-feed.ts) without a request.
    if (request.method === 'GET' || request.method === 'PATCH') void deps.offlineCache.remember(bare, () => (host.snapshot.userId === askedAs ? askedAs : null), clean);
    return await clean.toResponse();
  } catch (error) {
    if (request.method === 'GET' && (error instanceof OfflineError || error instanceof NetworkError)) {
      const cached = await deps.offlineCache.recall(bare, host.snapshot.userId);
      if (cached) {
        host.setNetwork(error instanceof OfflineError ? 'offline' : 'degraded');
        return cached;
      }
    }
    return failureResponse(host, error);
  }
}

/** Known errors that mean "your access token names no user" (`me` without a user). */
function findsNoUser(answer: AnswerHead, bare: string): boolean {
  const code = answer.headers.get(STACK_KNOWN_ERROR_HEADER) ?? answer.headers.get(HEXCLAVE_KNOWN_ERROR_HEADER);
  return code === 'CANNOT_GET_OWN_USER_WITHOUT_USER' || (code === 'USER_NOT_FOUND' && bare.replace(/\/+$/, '') === endpointRequest(api.usersMe).path);
}
