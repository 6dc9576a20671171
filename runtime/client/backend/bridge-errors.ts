import type { BridgeErrorData } from '../../bridge/messages.ts';
import { WORKER_ERROR_HEADER } from '../../bridge/worker-error-header.ts';
import { HttpError, NetworkError, OfflineError } from '../../http/errors.ts';
import { RedirectRefusedError } from '../../http/redirect-refused-error.ts';
import { UnknownKnownError, type KnownError } from '../../protocol/errors/base.ts';
import { HEXCLAVE_KNOWN_ERROR_HEADER, STACK_KNOWN_ERROR_HEADER } from '../../protocol/headers.ts';
import { loadKnownErrorClasses as catalogue } from '../../protocol/errors/loader.ts';


/**
 * Rebuilds the typed error a worker call failed with, so `instanceof` works in the page. A code the page's
 * catalogue does not know is still a KnownError (UnknownKnownError) with its code, status and details.
 */
export async function rebuildBridgeError(data: BridgeErrorData): Promise<KnownError | Error> {
  if (data.code) {
    const { createKnownError, isKnownErrorCode } = await catalogue();
    if (isKnownErrorCode(data.code)) return createKnownError(data.code, data.details, data.message);
    return new UnknownKnownError(data.code, data.message, data.details, data.status);
  }
  if (data.name === 'OfflineError') return new OfflineError();
  if (data.name === 'NetworkError') return Object.assign(new NetworkError(data.message, {}), { message: data.message });
  if (data.name === 'RedirectRefusedError') return Object.assign(new RedirectRefusedError('', null, null), { message: data.message });
  const error = new Error(data.message);
  error.name = data.name;
  return error;
}

/** The error of a failed API answer: its known error, the worker's offline/network answer, or an HttpError. */
export async function apiResponseError(response: Response, text: string, url: string): Promise<Error> {
  const { headers } = response;
  if (headers.has(STACK_KNOWN_ERROR_HEADER) || headers.has(HEXCLAVE_KNOWN_ERROR_HEADER)) {
    const known = (await catalogue()).decodeKnownError(headers, text, response.status);
    if (known) return known;
  }
  const workerError = headers.get(WORKER_ERROR_HEADER);
  if (workerError === 'offline') return new OfflineError();
  if (workerError === 'network') return Object.assign(new NetworkError(readError(text), {}, url), { message: readError(text) });
  if (workerError === 'redirect') return Object.assign(new RedirectRefusedError(url, null, null), { message: readError(text) });
  return new HttpError(url, response.status, text);
}

function readError(text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && 'error' in parsed && typeof parsed.error === 'string') return parsed.error;
  } catch {
    // not JSON: use the text itself
  }
  return text;
}
