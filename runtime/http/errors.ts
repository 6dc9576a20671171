// Client-side-only errors of the request pipeline; texts are the official client's own (no backend sends them).

export const OFFLINE_MESSAGE =
  'Failed to send Stack network request. It seems like you are offline. (window.navigator.onLine is falsy)';


/** Thrown when a request could not be sent and the online probe says the device is offline. */
export class OfflineError extends Error {
  override readonly name = 'OfflineError';

  constructor(cause?: unknown) {
    super(OFFLINE_MESSAGE, cause === undefined ? undefined : { cause });
  }
}

/**
 * Thrown when the server stayed unreachable (or kept asking us to retry) after every attempt, or did not
 * answer in time. Unlike the SDK's text, it names the URL tried and no vendor: the API may be any
 * Stack-compatible backend.
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly diagnostics: Record<string, unknown>;
  /** The URL the request tried, when known. */
  readonly url: string | undefined;

  constructor(cause: unknown, diagnostics: Record<string, unknown>, url?: string) {
    super(
      `Unable to connect to ${url ?? 'the server'}. Check the internet connection, the API URL and that its server is up, then try again.\n\n${causeText(cause)}\n\n${JSON.stringify(diagnostics, null, 2)}`,
      { cause },
    );
    this.diagnostics = diagnostics;
    this.url = url;
  }
}

/** The error and what caused it: Node's fetch says only "fetch failed", and keeps ECONNREFUSED in its cause (or its code). */
export const causeText = (error: unknown): string => {
  const { cause, code } = (error ?? {}) as { cause?: unknown; code?: unknown };
  const text = String(error);
  const named = typeof code === 'string' && !text.includes(code) ? `${text} ${code}` : text;
  return cause === undefined ? named : `${named} (${causeText(cause)})`;
};

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

