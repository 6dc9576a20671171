// The known-error API in full: the classes and decoder (known-error-classes.ts) plus the catalogue texts and the
// encoder the emulator uses. The error-making functions below install the texts when they are first used (not
// when the module loads: the package declares no side effects, so a bundler may skip a module's bare statements).
import { HEADER, HEXCLAVE_KNOWN_ERROR_HEADER } from './headers.ts';
import { knownErrorPartsFromArguments } from './known-error-arguments.ts';
import { parseDetailsLeniently, type ErrorDetails } from './known-error-entry.ts';
import * as classes from './known-error-classes.ts';
import { KNOWN_ERROR_CATALOGUE, knownErrorRow } from './known-errors.ts';
import type { CatalogueKnownError, KnownError, KnownErrorClass, KnownErrorClasses, KnownErrorCode, UnknownKnownError } from './known-error-classes.ts';

export * from './known-error-classes.ts';

/** Builds the catalogue text for `code` from (leniently parsed) details. */
export function knownErrorMessage(code: KnownErrorCode, details?: Record<string, unknown>, dialect: Dialect = 'stack'): string {
  const row = knownErrorRow(code);
  const currentMessage = dialect === 'current' ? row.current?.message : undefined;
  const schema = dialect === 'current' ? (row.current?.details ?? row.details) : row.details;
  const parsed = parseDetailsLeniently(schema, details);
  try {
    return currentMessage ? currentMessage(parsed) : row.message(parsed);
  } catch {
    return code; // a text builder must never turn a decoded error into a crash
  }
}

const catalogueText = (code: KnownErrorCode, details?: Record<string, unknown>): string => knownErrorMessage(code, details);

// An app's `new KnownErrors.X(...)` reads as the 2.8 SDK's (whose texts are the 2.8 dialect's).
const partsFromArguments: classes.KnownErrorArgumentReader = (code, args) => {
  const parts = knownErrorPartsFromArguments(code, args);
  return { ...parts, message: parts.message ?? knownErrorMessage(code, parts.details, 'current') };
};

/** Errors created without a text get the catalogue's from now on (installing again changes nothing). */
function installTexts(): void {
  classes.installKnownErrorCatalogue(catalogueText, partsFromArguments);
}

// The functions that make errors, with the texts installed. These local names win over the re-exports above.

/** Every catalogue class by the SDK's name; `new KnownErrors.PasswordTooShort(8)` carries the SDK's text. */
export const KnownErrors: KnownErrorClasses = withTexts(classes.KnownErrors);

function withTexts<T>(value: T): T {
  installTexts();
  return value;
}

export function knownErrorClass<C extends KnownErrorCode>(code: C): KnownErrorClass<C> {
  installTexts();
  return classes.knownErrorClass(code);
}

/** The typed error for `code`, with the catalogue text unless `message` is given. */
export function createKnownError(code: KnownErrorCode, details?: Record<string, unknown>, message?: string): CatalogueKnownError {
  installTexts();
  return classes.createKnownError(code, details, message);
}

export function knownErrorFromJSON(data: unknown): KnownError | UnknownKnownError | null {
  installTexts();
  return classes.knownErrorFromJSON(data);
}

export function decodeKnownError(headers: Headers, bodyText: string, status?: number): KnownError | UnknownKnownError | Error | null {
  installTexts();
  return classes.decodeKnownError(headers, bodyText, status);
}

export type Dialect = 'stack' | 'current';

export interface EncodedKnownError {
  status: number;
  headers: Record<string, string>;
  body: { code: string; details?: Record<string, unknown>; error: string };
}

/** What the backend of `dialect` puts in `details` for this code (undefined = key omitted). */
function wireDetails(code: KnownErrorCode, details: ErrorDetails | undefined, dialect: Dialect): ErrorDetails | undefined {
  const row = knownErrorRow(code);
  if (dialect === 'current') {
    const schema = row.current?.details ?? row.details;
    if (schema === undefined) return undefined;
    // 2.8 clients dereference details of argument-taking codes, so an object is always sent.
    return { ...row.current?.defaults, ...parseDetailsLeniently(schema, details) };
  }
  if (row.stackOmitsDetails || row.details === undefined) return undefined;
  const kept = parseDetailsLeniently(row.details, details);
  return Object.keys(kept).length === 0 ? undefined : kept;
}

/** The response the backend sends for `code` (used by the emulator). Abstract categories cannot be sent. */
export function encodeKnownError(
  code: KnownErrorCode,
  details?: Record<string, unknown>,
  opts?: { dialect?: Dialect; message?: string },
): EncodedKnownError {
  const row = KNOWN_ERROR_CATALOGUE[code] as { status: number | null };
  if (row.status === null) throw new TypeError(`${code} is an abstract known-error category and is never sent`);
  const dialect = opts?.dialect ?? 'stack';
  const sent = wireDetails(code, details, dialect);
  const error = opts?.message ?? knownErrorMessage(code, { ...sent, ...details }, dialect);
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    [HEADER.knownError]: code,
  };
  if (dialect === 'current') headers[HEXCLAVE_KNOWN_ERROR_HEADER] = code;
  return { status: row.status, headers, body: sent === undefined ? { code, error } : { code, details: sent, error } };
}
