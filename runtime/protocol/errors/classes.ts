// Known-error classes derived from the code table, and the wire decoder. Every bundle uses these; the texts
// for errors created without one come from the full catalogue once errors.ts is loaded (see installKnownErrorCatalogue).
import { HEXCLAVE_KNOWN_ERROR_HEADER } from '../headers.ts';
import type { KnownErrorArgs, KnownErrorDetails } from '../contract/error-args.generated.ts';
import { KnownError, UnknownKnownError } from './base.ts';
import { asPlainObject, KNOWN_ERROR_MISMATCH_MESSAGE, readKnownErrorResponse } from './wire.ts';
import { isInvalidAccessTokenCode, isRefreshTokenErrorCode } from './families.ts';
import {
  KNOWN_ERROR_CODES,
  isKnownErrorCode,
  knownErrorAncestry,
  knownErrorParent,
  knownErrorStatus,
  type KnownErrorCode,
  type KnownErrorFamily,
} from './table.ts';

export { isKnownErrorCode, KNOWN_ERROR_CODES, knownErrorAncestry, type KnownErrorCode, type KnownErrorArgs, type KnownErrorDetails, type KnownErrorFamily };
export { KnownError, UnknownKnownError };

/** Builds the text of an error created without one. */
export type KnownErrorTextBuilder = (code: KnownErrorCode, details?: Record<string, unknown>) => string;

/** What an app's `new KnownErrors.X(...args)` carries (arguments.ts, with the catalogue). */
export type KnownErrorArgumentReader = (
  code: KnownErrorCode,
  args: readonly unknown[],
) => { status: number; details: Record<string, unknown> | undefined; message: string | undefined };

// Set once by errors.ts. The bundles do not load the catalogue: there an error created without a text (never one
// decoded from a response, which carries the server's) reads as its code.
let catalogue: { text: KnownErrorTextBuilder; readArguments: KnownErrorArgumentReader } | null = null;

/** Installs the catalogue texts and argument lists (errors.ts does it when loaded). */
export function installKnownErrorCatalogue(text: KnownErrorTextBuilder, readArguments: KnownErrorArgumentReader): void {
  catalogue = { text, readArguments };
}

function defaultText(code: KnownErrorCode, details?: Record<string, unknown>): string {
  return catalogue ? catalogue.text(code, details) : code;
}

/** A catalogue error, with the official SDK's names of its code, status and text beside ours. */
export interface CatalogueKnownError extends KnownError {
  readonly errorCode: string;
  readonly statusCode: number;
  readonly humanReadableMessage: string;
  /** The arguments an app constructed it with, as the SDK keeps them (empty when decoded from a response). */
  readonly constructorArgs: readonly unknown[];
}

/** Constructor of one catalogue code, called as the official SDK's is; `instanceof` also matches every child code. */
export interface KnownErrorClass<C extends KnownErrorCode = KnownErrorCode> {
  new (...args: KnownErrorArgs[C]): CatalogueKnownError;
  readonly code: C;
  /** The SDK's name for `code`. */
  readonly errorCode: C;
  /** The SDK's check: this code or a child of it. */
  isInstance(error: unknown): error is KnownError;
  readonly prototype: CatalogueKnownError;
}

type PascalWord<W extends string> = W extends 'OAUTH' ? 'OAuth' : W extends 'WEBAUTHN' ? 'WebAuthn' : Capitalize<Lowercase<W>>;
export type PascalCaseCode<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${PascalWord<Head>}${PascalCaseCode<Tail>}`
  : PascalWord<S>;

/** The official SDK's class names that are not the PascalCase of their code. */
const SDK_CLASS_NAMES = {
  VerificationCodeError: 'VERIFICATION_ERROR',
  UserWithEmailAlreadyExists: 'USER_EMAIL_ALREADY_EXISTS',
  PermissionScopeMismatch: 'WRONG_PERMISSION_SCOPE',
  InvalidPollingCodeError: 'INVALID_POLLING_CODE',
} as const satisfies Record<string, KnownErrorCode>;

export type KnownErrorClasses = { readonly [C in KnownErrorCode as PascalCaseCode<C>]: KnownErrorClass<C> } & {
  readonly [N in keyof typeof SDK_CLASS_NAMES]: KnownErrorClass<(typeof SDK_CLASS_NAMES)[N]>;
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

// Marks our own construction from details (a decoded response, createKnownError); apps pass the SDK's arguments.
const FROM_DETAILS: unique symbol = Symbol('authworker.knownErrorFromDetails');

/** Base of every generated class: reads its code from the concrete class being constructed. */
class CatalogueError extends KnownError implements CatalogueKnownError {
  static readonly code: KnownErrorCode;
  readonly constructorArgs: readonly unknown[];

  constructor(...args: unknown[]) {
    const code = (new.target as unknown as { code: KnownErrorCode }).code;
    if (args[0] === FROM_DETAILS) {
      const details = args[1] as Record<string, unknown> | undefined;
      super(code, knownErrorStatus(code) ?? ABSTRACT_FALLBACK_STATUS, (args[2] as string | undefined) ?? defaultText(code, details), details);
      this.constructorArgs = [];
    } else {
      const parts = catalogue?.readArguments(code, args) ?? { status: knownErrorStatus(code) ?? ABSTRACT_FALLBACK_STATUS, details: undefined, message: undefined };
      super(code, parts.status, parts.message ?? defaultText(code, parts.details), parts.details);
      this.constructorArgs = args;
    }
    this.name = `KnownError<${code}>`;
  }

  static get errorCode(): KnownErrorCode {
    return this.code;
  }

  static isInstance(error: unknown): error is KnownError {
    return error instanceof this;
  }

  /** The SDK's names of code, status and text. */
  get errorCode(): string {
    return this.code;
  }

  get statusCode(): number {
    return this.status;
  }

  get humanReadableMessage(): string {
    return this.message;
  }
}

function buildClasses(): Map<KnownErrorCode, KnownErrorClass> {
  const classes = new Map<KnownErrorCode, KnownErrorClass>();
  const build = (code: KnownErrorCode): KnownErrorClass => {
    const existing = classes.get(code);
    if (existing) return existing;
    const parentCode = knownErrorParent(code);
    if (parentCode !== null && !isKnownErrorCode(parentCode)) throw new TypeError(`Known error ${code} has unknown parent ${parentCode}`);
    const Parent = parentCode === null ? CatalogueError : (build(parentCode) as unknown as typeof CatalogueError);
    const Generated = class extends Parent {
      static override readonly code: KnownErrorCode = code;
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
  for (const [name, code] of Object.entries(SDK_CLASS_NAMES)) out[name] = CLASSES_BY_CODE.get(code) as KnownErrorClass;
  return out as unknown as KnownErrorClasses;
})();

export function knownErrorClass<C extends KnownErrorCode>(code: C): KnownErrorClass<C> {
  return CLASSES_BY_CODE.get(code) as unknown as KnownErrorClass<C>;
}

/** The typed error for `code` from its details; the message defaults to the catalogue text (see installKnownErrorCatalogue). */
export function createKnownError(code: KnownErrorCode, details?: Record<string, unknown>, message?: string): CatalogueKnownError {
  const Class = knownErrorClass(code) as unknown as new (...args: unknown[]) => CatalogueKnownError;
  return new Class(FROM_DETAILS, details, message);
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

/**
 * A known error of catalogue code `C` (any code by default), a union discriminated by `code`: narrowing on
 * `code` gives that code's `details` type (KnownErrorDetails, generated from the catalogue).
 */
export type TypedKnownError<C extends KnownErrorCode = KnownErrorCode> = C extends KnownErrorCode
  ? Omit<KnownError, 'code' | 'details'> & { readonly code: C; readonly details: KnownErrorDetails[C] | undefined }
  : never;

/** True for a KnownError of a catalogue code (an UnknownKnownError is not): then `error.code` narrows `details`. */
export function isKnownError(error: unknown): error is TypedKnownError {
  return error instanceof KnownError && isKnownErrorCode(error.code);
}

/** True when err's code is `code` or has `code` as an ancestor; narrows err to the codes of that family. */
export function isKnownErrorOf<F extends KnownErrorCode>(err: unknown, code: F): err is TypedKnownError<KnownErrorFamily<F>> {
  if (!(err instanceof KnownError) || !isKnownErrorCode(err.code)) return false;
  return knownErrorAncestry(err.code).includes(code);
}

function isCodeInFamily(code: string, family: KnownErrorCode): boolean {
  return isKnownErrorCode(code) && knownErrorAncestry(code).includes(family);
}

export { isInvalidAccessTokenCode, isRefreshTokenErrorCode };

/** Admin-token family; with a project-owner session API_KEY_NOT_FOUND is handled alike. */
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
