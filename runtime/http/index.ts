// The request pipeline: headers, status-override decoding, retry/backoff, 429 governor, typed errors.

export { HttpError, NetworkError, OfflineError, OFFLINE_MESSAGE } from './errors.ts';
export { RedirectRefusedError } from './redirect-refused-error.ts';
export { carriesCredential, isRedirectAnswer, refuseRedirect } from './redirects.ts';
export { backoffDelay, retryOnError, type RetryOptions } from './retry.ts';
export {
  ACCESS_TOKEN_MARGIN_MS,
  buildApiUrl,
  createPipeline,
  isIdempotentMethod,
  type Pipeline,
  type PipelineConfig,
  type PipelineRequest,
  type SessionLike,
  type SessionTokens,
} from './pipeline.ts';
export { defaultIsOnline } from './online-probe.ts';
export { restoreActualStatus } from './status-override.ts';
export { parseRetryAfter, MAX_RETRY_AFTER_MS } from './rate-governor.ts';
export type { Diagnostics, ProbeResult } from './diagnostics.ts';
