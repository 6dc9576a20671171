// `authworker/errors`: the known-error classes, one per catalogue code, where the official SDK has them in
// `@stackframe/stack-shared` (`KnownErrors.EmailPasswordMismatch`, ...), with its constructor arguments and texts.
// A separate entry so that apps which only show `error.message` do not load the catalogue: the runtime fetches
// the classes with the first known error.
export {
  KnownError,
  KnownErrors,
  UnknownKnownError,
  isKnownError,
  isKnownErrorOf,
  knownErrorClass,
  type KnownErrorArgs,
  type KnownErrorClass,
  type KnownErrorClasses,
  type KnownErrorCode,
  type KnownErrorDetails,
  type KnownErrorFamily,
  type TypedKnownError,
} from '../protocol/errors/index.ts';
export { OfflineError, NetworkError, HttpError } from '../http/errors.ts';
// The redirect trust check and its error: here rather than in `authworker`, off the page's initial bundle.
export { isTrustedRedirect, UntrustedRedirectError, type RedirectTrust } from '../flows/redirect-trust.ts';
export { RedirectRefusedError } from '../http/redirect-refused-error.ts';
// The SDK's token getters on a worker-owned session (session-tokens.ts), and the SDK names authworker keeps but cannot honour.
export { TokenNotExposedError } from './session/session-tokens.ts';
export { NotImplementedError } from '../protocol/not-implemented-error.ts';
