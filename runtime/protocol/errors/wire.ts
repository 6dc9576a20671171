// Reading a known-error response without the catalogue: the worker and the page-hosted session pass codes on
// as plain KnownErrors; the typed decoder (classes.ts) builds on the same reader.
import { HEADER, HEXCLAVE_KNOWN_ERROR_HEADER } from '../headers.ts';
import { KnownError } from './base.ts';

export const KNOWN_ERROR_MISMATCH_MESSAGE =
  "Mismatch between x-stack-known-error header and error code in body; the server's response is invalid";

export function asPlainObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The parts of a known-error response: null without the header, an Error when header and body disagree. */
export function readKnownErrorResponse(
  headers: Headers,
  bodyText: string,
): { code: string; serverMessage: string | undefined; details: Record<string, unknown> | undefined } | Error | null {
  // The 2.8 service sends both names; like the 2.8 client, the hexclave one wins.
  const code = headers.get(HEXCLAVE_KNOWN_ERROR_HEADER) ?? headers.get(HEADER.knownError);
  if (code === null) return null;
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return new Error(KNOWN_ERROR_MISMATCH_MESSAGE);
  }
  const fields = asPlainObject(body);
  if (fields === undefined || fields['code'] !== code) return new Error(KNOWN_ERROR_MISMATCH_MESSAGE);
  return { code, serverMessage: typeof fields['error'] === 'string' ? fields['error'] : undefined, details: asPlainObject(fields['details']) };
}

/** A response's known error as a plain KnownError (code, status, the server's text): no catalogue needed. */
export function decodeKnownErrorPlain(headers: Headers, bodyText: string, status: number): KnownError | Error | null {
  const read = readKnownErrorResponse(headers, bodyText);
  if (read === null || read instanceof Error) return read;
  return new KnownError(read.code, status, read.serverMessage ?? read.code, read.details);
}

/** How a pipeline turns an error response into an error: plain in the worker, typed classes on servers. */
export type KnownErrorDecoder = (headers: Headers, bodyText: string, status: number) => Error | null;
