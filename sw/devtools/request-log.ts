// What the devtools panel lists (issue 34): the latest /api/v1 requests with each attempt, the session's
// broadcasts and the errors. Built from what passes the worker's fetch and its fetch handler: statuses,
// known-error codes, timings and paths without query values. Never a header value, never a body.
import {
  DEVTOOLS_LOG_CAP,
  withoutQueryValues,
  type EventRecord,
  type RefreshRecord,
  type RequestAttempt,
  type RequestRecord,
} from '../../runtime/bridge/devtools-schemas.ts';
import { HEADER } from '../../runtime/protocol/headers.ts';
import { oauthToken, usersMe } from '../../runtime/protocol/contract/api.generated.ts';
import { API_PATH_PREFIX } from '../../runtime/protocol/endpoint-path.ts';
import { endpointRequest } from '../../runtime/protocol/endpoint-request.ts';
import { readActualStatus } from '../../runtime/http/status-override.ts';
import { FROM_CACHE_HEADER } from '../../runtime/host/offline-read-cache.ts';

/** The token endpoint; a refresh is the form with `grant_type=refresh_token`. */
const TOKEN_PATH = endpointRequest(oauthToken).path;
const USER_PATH = endpointRequest(usersMe).path;

export type LogEntry = { report: 'request'; request: RequestRecord } | { report: 'event'; event: EventRecord };

interface OpenRequest {
  record: RequestRecord;
  started: number;
}

export class RequestLog {
  readonly #apiPrefix: string;
  readonly requests: RequestRecord[] = [];
  readonly events: EventRecord[] = [];
  readonly #open = new Map<string, OpenRequest[]>();
  readonly #listeners = new Set<(entry: LogEntry) => void>();
  #nextId = 0;
  lastRefresh: RefreshRecord | null = null;
  /** The e-mail of the last /users/me answer, with the user it belongs to. */
  seenUser: { id: string; primaryEmail: string | null } | null = null;

  constructor(apiUrl: string) {
    this.#apiPrefix = `${apiUrl}${API_PATH_PREFIX}`;
  }

  subscribe(listener: (entry: LogEntry) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  event(kind: EventRecord['kind'], text: string, extra: { seq?: number; code?: string | null } = {}): void {
    const event: EventRecord = { id: this.#nextId++, at: Date.now(), kind, seq: extra.seq ?? null, code: extra.code ?? null, text };
    push(this.events, event);
    this.#emit({ report: 'event', event });
  }

  /** A page's API request entering the fetch handler; the worker's own attempts for it are filed under it. */
  trackPageRequest(request: Request, answer: Promise<Response>): void {
    const url = trimSlash(request.url.split('#')[0] ?? request.url);
    if (!url.startsWith(this.#apiPrefix)) return;
    const open = this.#openRecord('page', request.method, url);
    const key = attemptKey(request.method, url);
    const close = (response: Response | null) => {
      const list = this.#open.get(key);
      list?.splice(list.indexOf(open), 1);
      if (list?.length === 0) this.#open.delete(key);
      const { record } = open;
      record.status = response?.status ?? null;
      record.code = response?.headers.get(HEADER.knownError) ?? (response ? null : 'NETWORK_ERROR');
      record.durationMs = Date.now() - open.started;
      record.offlineCache = response?.headers.get(FROM_CACHE_HEADER) === '1';
      // An identical GET in flight answered it: it sent nothing of its own.
      record.coalesced = record.attempts.length === 0 && !record.offlineCache && request.method === 'GET' && response !== null;
      this.#finish(record);
    };
    answer.then(close, () => close(null));
  }

  /** The worker's network with every attempt recorded. */
  wrap(inner: typeof fetch): typeof fetch {
    return async (input, init) => {
      const url = trimSlash(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (!url.startsWith(this.#apiPrefix)) return inner(input, init);
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const started = Date.now();
      const refresh = this.#pathOf(url) === TOKEN_PATH && typeof init?.body === 'string' && init.body.includes('grant_type=refresh_token');
      const file = (attempt: RequestAttempt) => this.#fileAttempt(method, url, attempt, started, refresh);
      try {
        const response = await inner(input, init);
        const status = readActualStatus(response.headers) ?? response.status;
        file({ status, code: response.headers.get(HEADER.knownError), durationMs: Date.now() - started });
        if (method === 'GET' && status === 200 && this.#pathOf(url) === USER_PATH) this.#readUser(response.clone());
        return response;
      } catch (error) {
        file({ status: null, code: 'NETWORK_ERROR', durationMs: Date.now() - started });
        throw error;
      }
    };
  }

  #fileAttempt(method: string, url: string, attempt: RequestAttempt, started: number, refresh: boolean): void {
    const owner = this.#open.get(attemptKey(method, url))?.[0];
    if (owner) {
      owner.record.attempts.push(attempt);
      return;
    }
    // Sent by the worker itself (a refresh, a page's Comlink call): a row of its own per attempt.
    const record = this.#openRecord('worker', method, url).record;
    Object.assign(record, { attempts: [attempt], status: attempt.status, code: attempt.code, durationMs: attempt.durationMs });
    this.#finish(record);
    if (refresh) {
      const outcome = attempt.status === 200 ? 'ok' : attempt.status !== null && attempt.status < 500 ? 'refused' : 'failed';
      this.lastRefresh = { at: started, durationMs: attempt.durationMs, outcome };
    }
  }

  #openRecord(source: RequestRecord['source'], method: string, url: string): OpenRequest {
    const record: RequestRecord = {
      id: this.#nextId++,
      at: Date.now(),
      source,
      method: method.toUpperCase(),
      path: withoutQueryValues(this.#pathOf(url)),
      status: null,
      code: null,
      attempts: [],
      durationMs: null,
      coalesced: false,
      offlineCache: false,
    };
    const open = { record, started: Date.now() };
    if (source === 'page') {
      const key = attemptKey(method, url);
      this.#open.set(key, [...(this.#open.get(key) ?? []), open]);
    }
    return open;
  }

  #finish(record: RequestRecord): void {
    push(this.requests, record);
    this.#emit({ report: 'request', request: record });
    if (record.code !== null && record.code !== 'NETWORK_ERROR' && (record.status ?? 0) >= 400) {
      this.event('error', `${record.method} ${record.path} answered ${record.status}`, { code: record.code });
    } else if (record.status === null) {
      this.event('error', `${record.method} ${record.path} could not reach the API`, { code: record.code });
    }
  }

  #readUser(response: Response): void {
    void response.json().then(
      (body: unknown) => {
        const { id, primary_email: email } = (body ?? {}) as { id?: unknown; primary_email?: unknown };
        if (typeof id === 'string') this.seenUser = { id, primaryEmail: typeof email === 'string' ? email : null };
      },
      () => undefined,
    );
  }

  #pathOf(url: string): string {
    return url.slice(this.#apiPrefix.length) || '/';
  }

  #emit(entry: LogEntry): void {
    for (const listener of this.#listeners) listener(entry);
  }
}

function push<T>(list: T[], item: T): void {
  list.push(item);
  if (list.length > DEVTOOLS_LOG_CAP) list.splice(0, list.length - DEVTOOLS_LOG_CAP);
}

const trimSlash = (url: string) => (url.endsWith('/') ? url.slice(0, -1) : url);
const attemptKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;
