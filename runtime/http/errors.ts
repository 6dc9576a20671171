// Client-side-only errors of the request pipeline; texts are protocol.md §9 "Client-side-only errors".

export const OFFLINE_MESSAGE =
  'Failed to send Stack network request. It seems like you are offline. (window.navigator.onLine is falsy)';

const NETWORK_MESSAGE_HEAD =
  'Stack Auth is unable to connect to the server. Please check your internet connection and try again.\n\n' +
  'If the problem persists, please contact support and provide a screenshot of your entire browser console.';

/** Thrown when a request could not be sent and the online probe says the device is offline. */
export class OfflineError extends Error {
  override readonly name = 'OfflineError';

  constructor(cause?: unknown) {
    super(OFFLINE_MESSAGE, cause === undefined ? undefined : { cause });
  }
}

/** Thrown when the server stayed unreachable (or kept asking us to retry) after every attempt. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly diagnostics: Record<string, unknown>;

  constructor(cause: unknown, diagnostics: Record<string, unknown>) {
    super(`${NETWORK_MESSAGE_HEAD}\n\n${String(cause)}\n\n${JSON.stringify(diagnostics, null, 2)}`, { cause });
    this.diagnostics = diagnostics;
  }
}

/** A non-ok response that is not a known error. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly url: string;
  readonly body: string;

  constructor(url: string, status: number, body: string) {
    super(`Failed to send request to ${url}: ${status} ${body}`);
    this.status = status;
    this.url = url;
    this.body = body;
  }
}

