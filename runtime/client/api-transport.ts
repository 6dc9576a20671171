import { NO_SESSION_HEADER, WORKER_ERROR_HEADER, type SessionBackend } from '../bridge/messages.ts';
import { HttpError, NetworkError, OfflineError } from '../http/errors.ts';
import { HEADER, HEXCLAVE_KNOWN_ERROR_HEADER } from '../protocol/headers.ts';

export interface ApiCall {
  path: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  json?: unknown;
  /** false for the calls the official SDK sends without the user's tokens (protocol.md §1.1). */
  withSession?: boolean;
}

/**
 * Sends an `/api/v1` call from the page. A controlled page uses plain fetch (the worker adds the
 * headers); an uncontrolled one (first load, hard reload) goes through the worker bridge.
 */
export class ApiTransport {
  readonly #apiUrl: string;
  readonly #worker: SessionBackend;

  constructor(apiUrl: string, worker: SessionBackend) {
    this.#apiUrl = apiUrl;
    this.#worker = worker;
  }

  async send(call: ApiCall): Promise<Response> {
    const method = call.method ?? 'GET';
    const headers: Record<string, string> = call.json === undefined ? {} : { 'content-type': 'application/json' };
    const body = call.json === undefined ? null : JSON.stringify(call.json);
    const withSession = call.withSession !== false;
    if (this.#worker.controlsPage) {
      if (!withSession) headers[NO_SESSION_HEADER] = '1';
      try {
        return await fetch(`${this.#apiUrl}/api/v1${call.path}`, { method, headers, body, credentials: 'omit', cache: 'no-store' });
      } catch (error) {
        if (!navigator.onLine) throw new OfflineError();
        throw new NetworkError(error, { navigatorOnLine: navigator.onLine });
      }
    }
    const data = await this.#worker.call('apiRequest', { path: call.path, method, headers, body, withSession });
    return new Response(data.body, { status: data.status, headers: data.headers });
  }

  /** Sends and decodes: typed known errors, the worker's offline/network answers, or the JSON body. */
  async sendJson(call: ApiCall): Promise<unknown> {
    const response = await this.send(call);
    const text = await response.text();
    if (response.ok) return text ? (JSON.parse(text) as unknown) : null;
    if (response.headers.has(HEADER.knownError) || response.headers.has(HEXCLAVE_KNOWN_ERROR_HEADER)) {
      // The catalogue's classes load with the first known error (a lazy chunk).
      const { decodeKnownError } = await import('../protocol/known-error-classes.ts');
      const known = decodeKnownError(response.headers, text);
      if (known) throw known;
    }
    const workerError = response.headers.get(WORKER_ERROR_HEADER);
    if (workerError === 'offline') throw new OfflineError();
    if (workerError === 'network') throw Object.assign(new NetworkError(readError(text), {}), { message: readError(text) });
    throw new HttpError(`${this.#apiUrl}/api/v1${call.path}`, response.status, text);
  }
}

function readError(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'error' in parsed && typeof parsed.error === 'string') return parsed.error;
  } catch {
    // not JSON: use the text itself
  }
  return text;
}
