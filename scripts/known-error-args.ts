// runtime/protocol/contract/error-args.generated.ts (one of `npm run gen`'s generators): the constructor argument and details types of every known-error class,
// from the catalogue (TypeScript cannot read an object's key order, so the argument tuples are generated; the details
// types are written beside them so the package's declarations show plain types, not zod's).
import { knownErrorArgumentNames } from '../runtime/protocol/errors/arguments.ts';
import { KNOWN_ERROR_CODES, knownErrorRow, type KnownErrorCode } from '../runtime/protocol/errors/catalogue.ts';
import { generatedHeader } from './gen-header.ts';

interface SchemaDef {
  type: string;
  innerType?: { _zod: { def: SchemaDef } };
  element?: { _zod: { def: SchemaDef } };
  shape?: Record<string, { _zod: { def: SchemaDef } }>;
}

/** The TypeScript type of a details field's zod/mini schema (the kinds the catalogue uses). */
export function typeOfSchema(def: SchemaDef): string {
  switch (def.type) {
    case 'optional':
      return typeOfSchema((def.innerType as { _zod: { def: SchemaDef } })._zod.def);
    case 'nullable':
      return `${typeOfSchema((def.innerType as { _zod: { def: SchemaDef } })._zod.def)} | null`;
    case 'array': {
      const element = typeOfSchema((def.element as { _zod: { def: SchemaDef } })._zod.def);
      return element.includes(' ') ? `(${element})[]` : `${element}[]`;
    }
    case 'object':
      return `{ ${Object.entries(def.shape ?? {}).map(([key, field]) => `${key}?: ${typeOfSchema(field._zod.def)}`).join('; ')} }`;
    case 'string':
    case 'number':
    case 'boolean':
    case 'unknown':
      return def.type;
    default:
      throw new Error(`no TypeScript type for a ${def.type} schema`);
  }
}

function argumentTuple(code: KnownErrorCode): string {
  const row = knownErrorRow(code);
  if (row.status === null) return '[statusCode: number, humanReadableMessage: string, details?: unknown]';
  if (row.detailsArgument) return '[details?: unknown]';
  const shape = (row.current?.details ?? row.details)?.shape ?? {};
  const fields = knownErrorArgumentNames(code).map((name) => {
    const type = typeOfSchema((shape[name] as unknown as { _zod: { def: SchemaDef } })._zod.def);
    // A point in time: the SDK takes a Date.
    return `${name}?: ${name.endsWith('_millis') ? `Date | ${type}` : type}`;
  });
  return `[${fields.join(', ')}]`;
}

/** The fields `details` may carry for `code`: both dialects' (the 2.8 type where they differ), all optional. */
function detailsType(code: KnownErrorCode): string {
  const row = knownErrorRow(code);
  // An abstract category is never sent itself; a passthrough details argument may hold anything.
  if (row.status === null || row.detailsArgument) return 'Record<string, unknown>';
  const shape = { ...row.details?.shape, ...row.current?.details?.shape };
  const fields = Object.entries(shape).map(([name, field]) => `${name}?: ${typeOfSchema((field as unknown as { _zod: { def: SchemaDef } })._zod.def)}`);
  return fields.length === 0 ? 'Record<string, never>' : `{ ${fields.join('; ')} }`;
}

export function knownErrorArgsSource(): string {
  return [
    generatedHeader('the known-error catalogue (runtime/protocol/errors/catalogue.ts)', "Each code's constructor arguments, in the official SDK's order (runtime/protocol/errors/arguments.ts).").trimEnd(),
    'export interface KnownErrorArgs {',
    ...KNOWN_ERROR_CODES.map((code) => `  ${code}: ${argumentTuple(code)};`),
    '}',
    '',
    "/** Each code's `details` fields, from its details schemas (both dialects'): narrow a `TypedKnownError` by `code` to read them. */",
    'export interface KnownErrorDetails {',
    ...KNOWN_ERROR_CODES.map((code) => `  ${code}: ${detailsType(code)};`),
    '}',
    '',
  ].join('\n');
}

export const knownErrorArgsFiles = () => ({ 'runtime/protocol/contract/error-args.generated.ts': knownErrorArgsSource() });
