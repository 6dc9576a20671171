// The known errors the emulator raises. The catalogue (codes, statuses, texts, details per dialect) is the
// shared contract in runtime/protocol, so the emulator and the client speak one set of errors.
import {
  encodeKnownError as encodeFromCatalogue,
  type Dialect,
  type EncodedKnownError,
  type KnownErrorCode,
} from '../../runtime/protocol/errors/index.ts';

export type { Dialect, EncodedKnownError, KnownErrorCode };

/** Thrown anywhere while handling a request; the app's error handler encodes it. */
export class KnownError extends Error {
  constructor(
    readonly code: KnownErrorCode,
    /** The superset of what either dialect sends; the encoder keeps the fields of the request's dialect. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = 'KnownError';
  }
}

export function encodeKnownError(code: KnownErrorCode, details: Record<string, unknown> = {}, dialect: Dialect = 'stack'): EncodedKnownError {
  return encodeFromCatalogue(code, details, { dialect });
}
