// The two error classes every bundle can name without the catalogue: the typed classes of each code
// (known-error-classes.ts) extend KnownError, and load only where an error is rebuilt for people to check
// with `instanceof`; the worker passes codes through as plain KnownErrors (known-error-wire.ts).

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

/** A response named a code this client does not know. */
export class UnknownKnownError extends Error {
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: string, serverMessage?: string, details?: Record<string, unknown>) {
    super(
      `Unknown KnownError code. You may need to update your version of Stack to see more detailed information. ${code}: ${serverMessage ?? 'undefined'}`,
    );
    this.name = 'UnknownKnownError';
    this.code = code;
    this.details = details;
  }
}

/** The header that names a response's known error (protocol.md §1). */
export const STACK_KNOWN_ERROR_HEADER = 'x-stack-known-error';
// The 2.8 service sends both names; like the 2.8 client, the hexclave one wins (protocol.md §14.1).
export const HEXCLAVE_KNOWN_ERROR_HEADER = 'x-hexclave-known-error';

/**
 * The typed classes of every catalogue code, loaded on demand: page code that only meets errors once
 * something failed imports them here, so pages that never see one do not download the catalogue.
 */
export const loadKnownErrorClasses = () => import('./known-error-classes.ts');
