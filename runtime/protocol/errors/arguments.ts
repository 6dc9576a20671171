// The official SDK's constructor arguments of each known error, from the catalogue: a code's arguments are its
// details fields in the order its row declares them (the 2.8 row's when it has one); an abstract category takes
// (statusCode, humanReadableMessage, details?), as the SDK's do. contract/error-args.generated.ts holds their types.
import { knownErrorRow } from './catalogue.ts';
import { knownErrorStatus, type KnownErrorCode } from './table.ts';
import { asPlainObject } from './wire.ts';

/** The details fields an app passes positionally, in order; empty for a code without arguments. */
export function knownErrorArgumentNames(code: KnownErrorCode): readonly string[] {
  const row = knownErrorRow(code);
  if (row.status === null) return ['statusCode', 'humanReadableMessage', 'details'];
  if (row.detailsArgument) return ['details'];
  const schema = row.current?.details ?? row.details;
  return schema ? Object.keys(schema.shape) : [];
}

export interface KnownErrorParts {
  status: number;
  details: Record<string, unknown> | undefined;
  /** Undefined: the catalogue text of `details` (the 2.8 dialect's, as the SDK builds it). */
  message: string | undefined;
}

/** What `new KnownErrors.X(...args)` carries. A point in time (`*_millis`) may be passed as a Date, as the SDK takes it. */
export function knownErrorPartsFromArguments(code: KnownErrorCode, args: readonly unknown[]): KnownErrorParts {
  const row = knownErrorRow(code);
  if (row.status === null) {
    const [status, message, details] = args;
    return { status: typeof status === 'number' ? status : 400, message: typeof message === 'string' ? message : code, details: asPlainObject(details) };
  }
  const status = knownErrorStatus(code) ?? 400;
  if (row.detailsArgument) return { status, message: undefined, details: asPlainObject(args[0]) };
  const names = knownErrorArgumentNames(code);
  if (names.length === 0) return { status, message: undefined, details: undefined };
  const details: Record<string, unknown> = {};
  names.forEach((name, i) => {
    const value = args[i];
    if (value !== undefined) details[name] = value instanceof Date ? value.getTime() : value;
  });
  return { status, message: undefined, details };
}
