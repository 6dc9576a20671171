// The two error classes every bundle can name without the catalogue: the typed classes of each code
// (classes.ts) extend KnownError, and load only where an error is rebuilt for people to check
// with `instanceof`; the worker passes codes through as plain KnownErrors (wire.ts).

export class KnownError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: string, status: number, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'KnownError';
    this.code = code;
    this.status = status;
    this.details = details;
  }

  /** Plain data for structured clone (postMessage/Comlink), rebuilt with `knownErrorFromJSON`. */
  toJSON(): { code: string; status: number; message: string; details?: Record<string, unknown> } {
    return { code: this.code, status: this.status, message: this.message, ...(this.details ? { details: this.details } : {}) };
  }
}

/**
 * A response named a code this client's catalogue does not know (a newer service): still a KnownError with
 * its code, status and details, so result-returning methods return it like any other (the server's text is
 * kept in `serverMessage` and inside the SDK's message).
 */
export class UnknownKnownError extends KnownError {
  readonly serverMessage: string | undefined;

  constructor(code: string, serverMessage?: string, details?: Record<string, unknown>, status = 400) {
    super(
      code,
      status,
      `Unknown KnownError code. You may need to update your version of Stack to see more detailed information. ${code}: ${serverMessage ?? 'undefined'}`,
      details,
    );
    this.name = 'UnknownKnownError';
    this.serverMessage = serverMessage;
  }
}

