// The request pipeline: headers, status-override decoding, retry/backoff,
// a shared 429 pause, and the offline / network errors once attempts run out.

import { decodeKnownErrorPlain, type KnownErrorDecoder } from '../protocol/errors/wire.ts';
import { isInvalidAccessTokenCode } from '../protocol/errors/families.ts';
import { HEADER } from '../protocol/headers.ts';
import { gatherDiagnostics } from './diagnostics.ts';
import { createFetchOptions } from './fetch-options.ts';
import { answeredFailureText } from './answered-failure.ts';
import { HttpError, NetworkError, OfflineError } from './errors.ts';
import { isIdempotentMethod } from './methods.ts';
import { defaultIsOnline } from './online-probe.ts';
import { RateGovernor, parseRetryAfter } from './rate-governor.ts';
import { carriesCredential, refuseRedirect } from './redirects.ts';
import { RequestSlots } from './request-slots.ts';
import { buildRequestHeaders, type ProjectCredentials } from './request-headers.ts';
import { restoreActualStatus } from './status-override.ts';
import { DEFAULT_ATTEMPTS, DEFAULT_BASE_DELAY_MS, backoffDelay, realSleep, sleepUnlessAborted } from './retry.ts';
import type { SessionLike, SessionTokens } from './session-like.ts';
import { API_PATH_PREFIX } from '../protocol/endpoint-path.ts';

export { isIdempotentMethod } from './methods.ts';
export type { SessionLike, SessionTokens } from './session-like.ts';

/** The access-token margin used for every request. */
export const ACCESS_TOKEN_MARGIN_MS = 20_000;

export interface PipelineConfig extends ProjectCredentials {
  /** Base URL without /api/v1; a trailing slash is stripped. */
  apiUrl: string;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  isOnline?: () => boolean;
  /** Total attempts per request. Default 5. */
  attempts?: number;
  /** Requests in flight at once (the rest wait, token not yet attached). Default 6, the browser's per-host limit. */
  maxConcurrentRequests?: number;
  /**
   * Error responses -> errors. Default: plain KnownErrors (code, status, server text), enough for a worker
   * that passes codes on; the server and admin apps pass the typed `decodeKnownError`.
   */
  decodeError?: KnownErrorDecoder;
  /**
   * Send `cache: 'no-store'`, as the SDK does. Default false: in a page that mode also
   * bypasses Chromium's CORS preflight cache, an OPTIONS per call, and the API's answers say no-store
   * anyway. The server and admin apps turn it on. Left out on runtimes that reject it (Cloudflare Workers).
   */
  cacheNoStore?: boolean;
  /**
   * The most a request may take, retries and waits included (the server and admin apps set it). When it
   * runs out the attempt in flight is aborted, and a retry that could not start in time is not waited for:
   * the request fails with a NetworkError naming its URL. Default: no limit.
   */
  timeoutMs?: number;
  /**
   * The most one attempt of a GET (or another idempotent request) waits for its answer before it is retried, so a
   * connection that hangs does not hold the request forever. Default: no limit (the worker sets one).
   */
  attemptTimeoutMs?: number;
}

export interface PipelineRequest {
  /** Under /api/v1, e.g. '/users/me' (may carry a query); '' or '/' = the API root. */
  path: string;
  method?: string;
  /** Caller headers override ours, except x-stack-access-token / x-stack-refresh-token, which are dropped. */
  headers?: HeadersInit;
  body?: BodyInit | null;
  /** Serialised with content-type application/json. */
  json?: unknown;
  session?: SessionLike | null;
  /** Send x-stack-refresh-token too; only for endpoints that read it (DELETE /auth/sessions/current). */
  sendRefreshToken?: boolean;
  signal?: AbortSignal;
}

export interface Pipeline {
  /** Resolves after retries with the real status restored and the body unread; 4xx/5xx do not throw. */
  send(req: PipelineRequest): Promise<Response>;
  /** Throws the decoded known error, or HttpError for another non-ok status; validates the JSON body. */
  sendJson<T>(req: PipelineRequest, schema: { parse(data: unknown): T }): Promise<T>;
  /** Epoch ms until which the 429 pause holds every request of this pipeline. */
  readonly pausedUntil: number;
}

type AttemptOutcome =
  | { kind: 'done'; response: Response }
  | { kind: 'retry'; error: unknown; immediate?: boolean; status?: number }
  | { kind: 'rate-limited'; error: unknown; retryAfterMs: number | null; status: number };

export function createPipeline(cfg: PipelineConfig): Pipeline {
  const apiUrl = cfg.apiUrl.replace(/\/+$/, '');
  const fetchFn = cfg.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const now = cfg.now ?? Date.now;
  const sleep = cfg.sleep ?? realSleep;
  const random = cfg.random ?? Math.random;
  const isOnline = cfg.isOnline ?? defaultIsOnline;
  const attempts = Number.isFinite(cfg.attempts) ? Math.max(1, Math.floor(cfg.attempts as number)) : DEFAULT_ATTEMPTS;
  const governor = new RateGovernor(now, sleep);
  const slots = new RequestSlots(cfg.maxConcurrentRequests ?? 6);
  const decodeError = cfg.decodeError ?? decodeKnownErrorPlain;
  const fetchOptions = createFetchOptions({ cacheNoStore: cfg.cacheNoStore === true });

  const fetchWithOptions = (url: string, init: RequestInit): Promise<Response> => fetchOptions.send(fetchFn, url, init);

  /** `statuses`: the answers the attempts got (429s, 508 loops, refused tokens), `tries` the attempts made. */
  async function failure(cause: unknown, url: string, timeoutMs?: number, tries = 1, statuses: readonly number[] = []): Promise<Error> {
    if (!isOnline()) return new OfflineError(cause);
    const error = new NetworkError(cause, await gatherDiagnostics({ apiUrl, fetch: fetchFn, isOnline, timeoutMs }), url);
    const answered = answeredFailureText(url, tries, statuses);
    // Only the headline ("Unable to connect …") changes; the cause and the diagnostics stay as NetworkError writes them.
    if (answered) error.message = answered + error.message.slice(error.message.indexOf('\n\n'));
    return error;
  }

  /**
   * Runs one attempt's fetch; an idempotent one that has no answer (its headers) within `attemptTimeoutMs` is
   * aborted and fails as a network failure (a TypeError), so it is retried: a hung connection never holds a read.
   */
  async function withAttemptLimit(outer: AbortSignal | undefined, method: string, send: (signal?: AbortSignal) => Promise<Response>): Promise<Response> {
    const limit = isIdempotentMethod(method) && cfg.attemptTimeoutMs;
    if (!limit) return send(outer);
    const stop = new AbortController();
    // fetch rejects with the reason: a TypeError, as for any network failure.
    const timer = setTimeout(() => stop.abort(new TypeError(`No answer within ${limit} ms`)), limit);
    try {
      return await send(outer ? AbortSignal.any([outer, stop.signal]) : stop.signal);
    } finally {
      // Only the wait for the answer is limited: its body streams on.
      clearTimeout(timer);
    }
  }

  async function attempt(req: PipelineRequest, url: string, method: string, body: BodyInit | null | undefined): Promise<AttemptOutcome> {
    const session = req.session ?? null;
    const release = await slots.acquire();
    let tokens: SessionTokens | null;
    let raw: Response;
    let credentialed: boolean;
    try {
      tokens = session ? await session.getTokens(ACCESS_TOKEN_MARGIN_MS) : null;
      const headers = buildRequestHeaders(cfg, {
        tokens,
        sendRefreshToken: req.sendRefreshToken === true,
        callerHeaders: req.headers,
        jsonBody: req.json !== undefined,
      });
      credentialed = carriesCredential(headers, body);
      raw = await withAttemptLimit(req.signal, method, (signal) => fetchWithOptions(url, { method, headers, body, signal, ...(credentialed ? { redirect: 'manual' as const } : {}) }));
    } catch (error) {
      release();
      // fetch signals network failure with a TypeError; anything else (an abort included) is not ours to retry.
      if (!(error instanceof TypeError) || req.signal?.aborted) throw error;
      // The browser says it is offline: fail fast instead of backing off for ~20 s.
      if (!isOnline()) throw new OfflineError(error);
      if (!isIdempotentMethod(method)) throw await failure(error, url);
      return { kind: 'retry', error };
    }
    release();
    // Not retried: the next attempt would meet the same redirect.
    if (credentialed) refuseRedirect(raw, url);
    const response = restoreActualStatus(raw);

    const knownCode = response.headers.get(HEADER.knownError);
    if (knownCode !== null && session && tokens && isInvalidAccessTokenCode(knownCode)) {
      session.markAccessTokenExpired(tokens.accessToken);
      const text = await response.text();
      // No backoff: the next attempt waits on the (single-flight) refresh, which is the real gate.
      return { kind: 'retry', immediate: true, status: response.status, error: decodeError(response.headers, text, response.status) ?? new HttpError(url, response.status, text) };
    }
    if (response.status === 429) {
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), now());
      return { kind: 'rate-limited', status: 429, error: new HttpError(url, 429, await response.text()), retryAfterMs };
    }
    if (response.status === 508) {
      const text = await response.clone().text();
      if (text.includes('INFINITE_LOOP_DETECTED')) return { kind: 'retry', status: 508, error: new HttpError(url, 508, text) };
    }
    return { kind: 'done', response };
  }

  async function send(req: PipelineRequest): Promise<Response> {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = buildApiUrl(apiUrl, req.path);
    const body = await replayableBody(req, method);
    const limit = cfg.timeoutMs;
    const deadline = now() + (limit ?? Infinity);
    const timedOut = limit ? AbortSignal.timeout(limit) : undefined;
    const signal = timedOut ? AbortSignal.any(req.signal ? [req.signal, timedOut] : [timedOut]) : req.signal;
    let lastError: unknown;
    let tries = 0;
    const statuses: number[] = [];
    try {
      for (let i = 0; i < attempts; i++) {
        await governor.waitUntilOpen(signal);
        tries++;
        const outcome = await attempt({ ...req, signal }, url, method, body);
        if (outcome.kind === 'done') return outcome.response;
        lastError = outcome.error;
        if (outcome.status !== undefined) statuses.push(outcome.status);
        const delay = backoffDelay(i, random, DEFAULT_BASE_DELAY_MS);
        const wait = outcome.kind === 'rate-limited' ? (outcome.retryAfterMs ?? delay) : outcome.immediate ? 0 : delay;
        // The pause holds every request of this pipeline, this one included (it waits at the top of the loop).
        if (outcome.kind === 'rate-limited') governor.pauseFor(wait);
        // A retry that could not start before the deadline is not waited for.
        if (now() + wait > deadline) break;
        if (outcome.kind === 'retry' && wait > 0 && i < attempts - 1) await sleepUnlessAborted(sleep, wait, signal);
      }
    } catch (error) {
      // Only the deadline becomes a NetworkError here: the caller's own abort, or a refused redirect, stays what it was.
      if (!timedOut?.aborted || req.signal?.aborted) throw error;
      lastError ??= error;
    }
    throw await failure(lastError, url, deadline - now(), Math.max(tries, 1), statuses);
  }

  async function sendJson<T>(req: PipelineRequest, schema: { parse(data: unknown): T }): Promise<T> {
    const response = await send(req);
    const text = await response.text();
    if (!response.ok) {
      throw decodeError(response.headers, text, response.status) ?? new HttpError(buildApiUrl(apiUrl, req.path), response.status, text);
    }
    return schema.parse(text === '' ? undefined : JSON.parse(text));
  }

  return {
    send,
    sendJson,
    get pausedUntil() {
      return governor.pausedUntil;
    },
  };
}

/** `{apiUrl}/api/v1{path}`, minus a final slash (so '/' hits /api/v1), as the SDK builds it. */
export function buildApiUrl(apiUrl: string, path: string): string {
  const normalisedPath = path === '' || path.startsWith('/') || path.startsWith('?') ? path : `/${path}`;
  const url = `${apiUrl}${API_PATH_PREFIX}${normalisedPath}`;
  return url.endsWith('/') ? url.slice(0, -1) : url;
}

/** Every attempt re-sends the body, so a one-shot stream is read into memory once up front. */
async function replayableBody(req: PipelineRequest, method: string): Promise<BodyInit | null | undefined> {
  const hasBody = req.body !== undefined && req.body !== null;
  if (hasBody && req.json !== undefined) throw new TypeError('Pass either body or json, not both.');
  if ((hasBody || req.json !== undefined) && (method === 'GET' || method === 'HEAD')) {
    // fetch would reject this with a TypeError, which the retry loop would mistake for a network failure.
    throw new TypeError(`A ${method} request cannot have a body.`);
  }
  if (req.json !== undefined) return JSON.stringify(req.json);
  if (req.body instanceof ReadableStream) return await new Response(req.body).arrayBuffer();
  return req.body;
}
