import { NO_SESSION_HEADER, type SessionBackend } from '../../bridge/messages.ts';
import { NetworkError, OfflineError } from '../../http/errors.ts';
import { API_PATH_PREFIX, type HttpMethod } from '../../protocol/endpoint-path.ts';

/** A call as sent: built from the generated contract by `apiCall` (./api-call.ts). */
export interface ApiCall {
  /** Under /api/v1, with its query. */
  path: string;
  method?: HttpMethod;
  json?: unknown;
  /** false for the calls the official SDK sends without the user's tokens. */
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
      const url = `${this.#apiUrl}${API_PATH_PREFIX}${call.path}`;
      try {
        return await fetch(url, { method, headers, body, credentials: 'omit', cache: 'no-store' });
      } catch (error) {
        if (!navigator.onLine) throw new OfflineError();
        throw new NetworkError(error, { navigatorOnLine: navigator.onLine }, url);
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
    // Off the start-up path: the error rebuilding loads with the first failure.
    throw await (await import('./bridge-errors.ts')).apiResponseError(response, text, `${this.#apiUrl}${API_PATH_PREFIX}${call.path}`);
  }
}
