import type { BridgeErrorData } from '../bridge/messages.ts';
import { NetworkError, OfflineError } from '../http/errors.ts';
import type { KnownError } from '../protocol/known-error-base.ts';

/**
 * Rebuilds the typed error a worker call failed with, so `instanceof` works in the page. The catalogue's
 * classes load with the first known error: pages that never see one do not download them.
 */
export async function rebuildBridgeError(data: BridgeErrorData): Promise<KnownError | Error> {
  if (data.code) {
    const { createKnownError, isKnownErrorCode } = await import('../protocol/known-error-classes.ts');
    if (isKnownErrorCode(data.code)) return createKnownError(data.code, data.details, data.message);
  }
  if (data.name === 'OfflineError') return new OfflineError();
  if (data.name === 'NetworkError') return Object.assign(new NetworkError(data.message, {}), { message: data.message });
  const error = new Error(data.message);
  error.name = data.name;
  return error;
}
