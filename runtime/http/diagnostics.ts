// Network diagnostics for NetworkError. Unlike the official client, we probe only the
// configured API origin: no 1.1.1.1 trace, no stack-auth.com hosts, so a self-hosted backend leaks nothing.

import { raceAbort } from './abort.ts';
import { API_PATH_PREFIX } from '../protocol/endpoint-path.ts';

const DIAGNOSTIC_TIMEOUT_MS = 3000;
const BODY_PREVIEW_CHARS = 300;

type ProbeResult =
  | { ok: true; status: number; body: string }
  | { ok: false; error: string };

export interface Diagnostics extends Record<string, unknown> {
  onLine: boolean;
  /** GET {apiUrl}/api/v1 */
  apiRoot: ProbeResult;
  /** GET {apiUrl}/health */
  baseUrlBackend: ProbeResult;
}

export interface DiagnosticsOptions {
  apiUrl: string;
  fetch: typeof fetch;
  isOnline: () => boolean;
  timeoutMs?: number;
  /** Injectable so tests can time out a probe without real timers. */
  timeoutSignal?: (ms: number) => AbortSignal;
}

export async function gatherDiagnostics(opts: DiagnosticsOptions): Promise<Diagnostics> {
  // Never longer than the default: a caller with a deadline passes what is left of it.
  const timeoutMs = Math.max(0, Math.min(opts.timeoutMs ?? DIAGNOSTIC_TIMEOUT_MS, DIAGNOSTIC_TIMEOUT_MS));
  const timeoutSignal = opts.timeoutSignal ?? ((ms: number) => AbortSignal.timeout(ms));
  const probe = (url: string): Promise<ProbeResult> => probeUrl(opts.fetch, url, timeoutSignal(timeoutMs));
  const [apiRoot, baseUrlBackend] = await Promise.all([probe(`${opts.apiUrl}${API_PATH_PREFIX}`), probe(`${opts.apiUrl}/health`)]);
  return { onLine: opts.isOnline(), apiRoot, baseUrlBackend };
}

async function probeUrl(fetchFn: typeof fetch, url: string, signal: AbortSignal): Promise<ProbeResult> {
  try {
    // Plain GET: no keys, no tokens. It only answers "is the backend reachable".
    const response = await raceAbort(
      fetchFn(url, { method: 'GET', credentials: 'omit', cache: 'no-store', signal }),
      signal,
    );
    const body = await raceAbort(response.text(), signal);
    return { ok: true, status: response.status, body: body.slice(0, BODY_PREVIEW_CHARS) };
  } catch (error) {
    return { ok: false, error: String(error) };
  }
}
