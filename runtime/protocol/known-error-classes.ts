// Known-error classes derived from the code table, and the wire decoder. Every bundle uses these; the texts
// for errors created without one come from the full catalogue once errors.ts is loaded (see installKnownErrorTexts).
import { HEXCLAVE_KNOWN_ERROR_HEADER } from './headers.ts';
import { KnownError, UnknownKnownError } from './known-error-base.ts';
import { asPlainObject, KNOWN_ERROR_MISMATCH_MESSAGE, readKnownErrorResponse } from './known-error-wire.ts';
import { isInvalidAccessTokenCode, isRefreshTokenErrorCode } from './known-error-families.ts';
import {
  KNOWN_ERROR_CODES,
  isKnownErrorCode,
  knownErrorAncestry,
  knownErrorParent,
  knownErrorStatus,
  type KnownErrorCode,
} from './known-error-table.ts';

export { isKnownErrorCode, KNOWN_ERROR_CODES, knownErrorAncestry, type KnownErrorCode };
export { KnownError, UnknownKnownError };

/** Builds the text of an error created without one. */
export type KnownErrorTextBuilder = (code: KnownErrorCode, details?: Record<string, unknown>) => string;

// Set once by errors.ts. The bundles do not load the catalogue texts: there an error created without a text
// (never one decoded from a response, which carries the server's) reads as its code.
let catalogueText: KnownErrorTextBuilder | null = null;

/** Installs the catalogue texts (errors.ts does it when loaded). */
export function installKnownErrorTexts(build: KnownErrorTextBuilder): void {
  catalogueText = build;
}

function defaultText(code: KnownErrorCode, details?: Record<string, unknown>): string {
  return catalogueText ? catalogueText(code, details) : code;
}

/** Constructor of one catalogue code; `instanceof` also matches every child code. */
export interface KnownErrorClass<C extends KnownErrorCode = KnownErrorCode> {
  new (details?: Record<string, unknown>, message?: string): KnownError;
  readonly code: C;
  readonly prototype: KnownError;
}

type PascalWord<W extends string> = W extends 'OAUTH' ? 'OAuth' : W extends 'WEBAUTHN' ? 'WebAuthn' : Capitalize<Lowercase<W>>;
export type PascalCaseCode<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${PascalWord<Head>}${PascalCaseCode<Tail>}`
  : PascalWord<S>;

export type KnownErrorClasses = { readonly [C in KnownErrorCode as PascalCaseCode<C>]: KnownErrorClass<C> } & {
  /** The official SDK's name for the VERIFICATION_ERROR category. */
  readonly VerificationCodeError: KnownErrorClass<'VERIFICATION_ERROR'>;
};

/** EMAIL_PASSWORD_MISMATCH -> EmailPasswordMismatch; OAUTH/WEBAUTHN keep the SDK's spelling. */
export function pascalCaseCode(code: string): string {
  return code
    .split('_')
    .map((w) => (w === 'OAUTH' ? 'OAuth' : w === 'WEBAUTHN' ? 'WebAuthn' : w.charAt(0) + w.slice(1).toLowerCase()))
    .join('');
}

// Used only for abstract categories that still arrive on the wire (never sent by a correct server).
const ABSTRACT_FALLBACK_STATUS = 400;

/** Base of every generated class: reads its code from the concrete class being constructed. */
class CatalogueError extends KnownError {
  constructor(details?: Record<string, unknown>, message?: string) {
    const code = (new.target as unknown as { code: KnownErrorCode }).code;
    super(code, knownErrorStatus(code) ?? ABSTRACT_FALLBACK_STATUS, message ?? defaultText(code, details), details);
    this.name = new.target.name;
  }
}

function buildClasses(): Map<KnownErrorCode, KnownErrorClass> {
  const classes = new Map<KnownErrorCode, KnownErrorClass>();
  const build = (code: KnownErrorCode): KnownErrorClass => {
    const existing = classes.get(code);
    if (existing) return existing;
    const parentCode = knownErrorParent(code);
    if (parentCode !== null && !isKnownErrorCode(parentCode)) throw new TypeError(`Known error ${code} has unknown parent ${parentCode}`);
    const Parent = parentCode === null ? CatalogueError : build(parentCode);
    const Generated = class extends Parent {
      static readonly code: KnownErrorCode = code;
    };
    Object.defineProperty(Generated, 'name', { value: pascalCaseCode(code) });
    const typed = Generated as unknown as KnownErrorClass;
    classes.set(code, typed);
    return typed;
  };
  for (const code of KNOWN_ERROR_CODES) build(code);
  return classes;
}

const CLASSES_BY_CODE = buildClasses();

export const KnownErrors: KnownErrorClasses = (() => {
  const out: Record<string, KnownErrorClass> = {};
  for (const [code, cls] of CLASSES_BY_CODE) out[pascalCaseCode(code)] = cls;
  out['VerificationCodeError'] = knownErrorClass('VERIFICATION_ERROR');
  return out as unknown as KnownErrorClasses;
})();

export function knownErrorClass<C extends KnownErrorCode>(code: C): KnownErrorClass<C> {
  return CLASSES_BY_CODE.get(code) as KnownErrorClass<C>;
}

/** The typed error for `code`; the message defaults to the catalogue text (see installKnownErrorTexts). */
export function createKnownError(code: KnownErrorCode, details?: Record<string, unknown>, message?: string): KnownError {
  return new (knownErrorClass(code))(details, message);
}

/** Rebuilds an error that crossed a structured-clone boundary as `toJSON()` data. */
export function knownErrorFromJSON(data: unknown): KnownError | UnknownKnownError | null {
  if (typeof data !== 'object' || data === null) return null;
  const { code, message, details, status } = data as { code?: unknown; message?: unknown; details?: unknown; status?: unknown };
  if (typeof code !== 'string') return null;
  const plainDetails = asPlainObject(details);
  const text = typeof message === 'string' ? message : undefined;
  if (isKnownErrorCode(code)) return createKnownError(code, plainDetails, text);
  return new UnknownKnownError(code, text, plainDetails, typeof status === 'number' ? status : undefined);
}

/** True when err's code is `code` or has `code` as an ancestor. */
export function isKnownErrorOf(err: unknown, code: KnownErrorCode): boolean {
  if (!(err instanceof KnownError) || !isKnownErrorCode(err.code)) return false;
  return knownErrorAncestry(err.code).includes(code);
}

function isCodeInFamily(code: string, family: KnownErrorCode): boolean {
  return isKnownErrorCode(code) && knownErrorAncestry(code).includes(family);
}

export { isInvalidAccessTokenCode, isRefreshTokenErrorCode };

/** Admin-token family; with a project-owner session API_KEY_NOT_FOUND is handled alike (protocol.md §3.4). */
export function isInvalidAdminAccessTokenCode(code: string): boolean {
  return isCodeInFamily(code, 'INVALID_ADMIN_ACCESS_TOKEN');
}

export const ERROR_CODE_FAMILIES = {
  isInvalidAccessTokenCode,
  isRefreshTokenErrorCode,
  isInvalidAdminAccessTokenCode,
  /** Every code in the family of `family` (itself included). */
  membersOf(family: KnownErrorCode): readonly KnownErrorCode[] {
    return KNOWN_ERROR_CODES.filter((c) => knownErrorAncestry(c).includes(family));
  },
} as const;

export { HEXCLAVE_KNOWN_ERROR_HEADER, KNOWN_ERROR_MISMATCH_MESSAGE };

/**
 * Rebuilds the typed error of a known-error response (status override already undone).
 * Never throws: null when no known-error header, else a KnownError, an UnknownKnownError or an Error.
 */
export function decodeKnownError(headers: Headers, bodyText: string, status?: number): KnownError | UnknownKnownError | Error | null {
  const read = readKnownErrorResponse(headers, bodyText);
  if (read === null || read instanceof Error) return read;
  const { code, serverMessage, details } = read;
  return isKnownErrorCode(code) ? createKnownError(code, details, serverMessage) : new UnknownKnownError(code, serverMessage, details, status);
}
