import type { BridgeErrorData } from '../bridge/messages.ts';
import { NetworkError, OfflineError } from '../http/errors.ts';
import { createKnownError, isKnownErrorCode, type KnownError } from '../protocol/known-error-classes.ts';

/** Rebuilds the typed error a worker call failed with, so `instanceof` works in the page. */
export function rebuildBridgeError(data: BridgeErrorData): KnownError | Error {
  if (data.code && isKnownErrorCode(data.code)) return createKnownError(data.code, data.details, data.message);
  if (data.name === 'OfflineError') return new OfflineError();
  if (data.name === 'NetworkError') return Object.assign(new NetworkError(data.message, {}), { message: data.message });
  const error = new Error(data.message);
  error.name = data.name;
  return error;
}
