// Small JSON request helpers for route tests: one call = status + parsed body (+ headers).
import type { AccessType } from '../../runtime/protocol/headers.ts';
import type { TestEmulator } from './emulator.ts';

export interface Call {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

export interface CallOptions {
  accessType?: AccessType;
  token?: string;
  json?: unknown;
  headers?: Record<string, string>;
}

/** `app.request()` on the demo project; parses JSON bodies, keeps text ones. */
export async function call(emu: TestEmulator, method: string, path: string, o: CallOptions = {}): Promise<Call> {
  const res = await emu.fetch(`/api/v1${path}`, {
    method,
    accessType: o.accessType ?? 'client',
    headers: { ...(o.token ? { 'x-stack-access-token': o.token } : {}), ...o.headers },
    ...(o.json === undefined ? {} : { json: o.json }),
  });
  const text = await res.text();
  let body: unknown = text;
  if (res.headers.get('content-type')?.startsWith('application/json')) body = JSON.parse(text) as unknown;
  return { status: res.status, body, text, headers: res.headers };
}

/** The known-error code of a response, or null. */
export function errorCode(r: Call): string | null {
  return r.headers.get('x-stack-known-error');
}
