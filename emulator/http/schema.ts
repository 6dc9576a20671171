// A tiny request-schema language that reports failures the way the backend's yup schemas word them
// ("body.email must be defined", "query contains unknown properties: foo"), with yup's lenient casts.

export interface Schema<T> {
  /** Returns the cast value; pushes one message per failure onto `errors`. */
  parse(value: unknown, path: string, errors: string[]): T;
}
export type Infer<S> = S extends Schema<infer T> ? T : never;

type Shape = Record<string, Schema<unknown>>;
type ObjectOf<S extends Shape> = { [K in keyof S as undefined extends Infer<S[K]> ? never : K]: Infer<S[K]> } & {
  [K in keyof S as undefined extends Infer<S[K]> ? K : never]?: Infer<S[K]>;
};

// Error messages quote the caller's input; these caps keep a message short whatever the body (a byte array once
// printed one line per byte made a 10 MB body a 178 MB answer).
const PRINT_STRING_CHARS = 100;
const PRINT_ENTRIES = 10;
const PRINT_DEPTH = 3;
const PRINT_TOTAL_CHARS = 500;

/** Cuts `text` to `max` characters, saying how much was left out. */
export function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

/** A small stand-in for `value`: short strings, a few entries per level, a few levels, byte arrays as their size. */
function preview(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return shorten(value, PRINT_STRING_CHARS);
  if (typeof value !== 'object' || value === null) return value;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return `[${value.constructor.name}: ${value.byteLength} bytes]`;
  if (depth >= PRINT_DEPTH) return Array.isArray(value) ? '[…]' : '{…}';
  if (Array.isArray(value)) {
    const items = value.slice(0, PRINT_ENTRIES).map((item: unknown) => preview(item, depth + 1));
    return value.length > PRINT_ENTRIES ? [...items, `… ${value.length - PRINT_ENTRIES} more items`] : items;
  }
  const out: Record<string, unknown> = {};
  let count = 0;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (count === PRINT_ENTRIES) {
      out['…'] = 'more keys';
      break;
    }
    out[shorten(key, PRINT_STRING_CHARS)] = preview((value as Record<string, unknown>)[key], depth + 1);
    count += 1;
  }
  return out;
}

/** yup's printValue (JSON, objects pretty-printed), bounded: never more than about PRINT_TOTAL_CHARS characters. */
export function printValue(value: unknown): string {
  const shown = preview(value, 0);
  const printed = typeof shown === 'string' ? JSON.stringify(shown) : shown === null || typeof shown !== 'object' ? String(shown) : JSON.stringify(shown, null, 2);
  return shorten(printed, PRINT_TOTAL_CHARS);
}

function typeError(path: string, type: string, value: unknown): string {
  return `${path} must be a \`${type}\` type, but the final value was: \`${printValue(value)}\`.`;
}

/** Wraps a base check with yup's defined/nullable rules. */
class Field<T> implements Schema<T> {
  constructor(
    private readonly check: (value: unknown, path: string, errors: string[]) => unknown,
    private readonly isOptional = false,
    private readonly isNullable = false,
  ) {}

  optional(): Field<T | undefined> {
    return new Field<T | undefined>(this.check, true, this.isNullable);
  }

  nullable(): Field<T | null> {
    return new Field<T | null>(this.check, this.isOptional, true);
  }

  parse(value: unknown, path: string, errors: string[]): T {
    if (value === undefined) {
      if (!this.isOptional) errors.push(`${path} must be defined`);
      return value as T;
    }
    if (value === null) {
      if (!this.isNullable) errors.push(`${path} cannot be null`);
      return value as T;
    }
    return this.check(value, path, errors) as T;
  }
}

// yup's email regex, and the stricter backend rule: the last dot-label has at least two characters.
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const STRICT_EMAIL_TAIL = /^.*@.*\.[^.][^.]+$/;

export interface StringRules {
  max?: number;
  length?: number;
  email?: 'plain' | 'strict';
  url?: boolean;
  oneOf?: readonly string[];
  uuid?: boolean;
  /** A UUID or the literal `me` (user ids). */
  uuidOrMe?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function string(rules: StringRules = {}): Field<string> {
  return new Field<string>((raw, path, errors) => {
    // yup casts numbers (and other primitives with their own toString) to strings.
    const value = typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : raw;
    if (typeof value !== 'string') {
      errors.push(typeError(path, 'string', raw));
      return raw;
    }
    if (rules.length !== undefined && value.length !== rules.length) errors.push(`${path} must be exactly ${rules.length} characters`);
    if (rules.max !== undefined && value.length > rules.max) errors.push(`${path} must be at most ${rules.max} characters`);
    if (rules.email && !(EMAIL.test(value) && (rules.email === 'plain' || STRICT_EMAIL_TAIL.test(value)))) {
      errors.push(`${path} must be a valid email`);
    }
    if (rules.url && !URL.canParse(value)) errors.push(`${path} is not a valid URL`);
    if ((rules.uuid || (rules.uuidOrMe && value !== 'me')) && !UUID.test(value)) errors.push(`${path} must be a valid UUID`);
    if (rules.oneOf && !rules.oneOf.includes(value)) {
      errors.push(`${path} must be one of the following values: ${rules.oneOf.join(', ')}`);
    }
    return value;
  });
}

export function boolean(): Field<boolean> {
  return new Field<boolean>((raw, path, errors) => {
    if (typeof raw === 'boolean') return raw;
    if (raw === 'true' || raw === 1 || raw === '1') return true;
    if (raw === 'false' || raw === 0 || raw === '0') return false;
    errors.push(typeError(path, 'boolean', raw));
    return raw;
  });
}

export function number(opts: { integer?: boolean; min?: number; max?: number } = {}): Field<number> {
  return new Field<number>((raw, path, errors) => {
    const value = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw;
    if (typeof value !== 'number' || Number.isNaN(value)) {
      errors.push(typeError(path, 'number', raw));
      return raw;
    }
    if (opts.integer && !Number.isInteger(value)) errors.push(`${path} must be an integer`);
    if (opts.min !== undefined && value < opts.min) errors.push(`${path} must be greater than or equal to ${opts.min}`);
    if (opts.max !== undefined && value > opts.max) errors.push(`${path} must be less than or equal to ${opts.max}`);
    return value;
  });
}

/**
 * Largest JSON value of a metadata field, in UTF-8 bytes of its JSON text. The backend sets no limit; this keeps one
 * user or team row, and every answer that carries it, small (the body limit alone would allow 1 MiB per request).
 */
export const MAX_JSON_FIELD_BYTES = 100 * 1024;

/** Any JSON value (metadata fields), at most MAX_JSON_FIELD_BYTES once serialised. */
export function json(): Field<unknown> {
  return new Field<unknown>((raw, path, errors) => {
    const bytes = new TextEncoder().encode(JSON.stringify(raw)).length;
    if (bytes > MAX_JSON_FIELD_BYTES) errors.push(`${path} must be at most ${MAX_JSON_FIELD_BYTES} bytes of JSON, but it is ${bytes} bytes`);
    return raw;
  });
}

/** An object that rejects unknown properties, like the backend's yupObject in body/query/params. */
export function object<S extends Shape>(shape: S): Field<ObjectOf<S>> {
  return new Field<ObjectOf<S>>((raw, path, errors) => {
    // yup's isObject: plain objects only, so an octet-stream body (a byte array) is a type error, not 1 key per byte.
    if (Object.prototype.toString.call(raw) !== '[object Object]') {
      errors.push(typeError(path, 'object', raw));
      return raw;
    }
    const source = raw as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(shape)) {
      const parsed = field.parse(source[key], path === '' ? key : `${path}.${key}`, errors);
      if (parsed !== undefined) out[key] = parsed;
    }
    // JSON has no `undefined`, so a key holding undefined only comes from the query/form parsers and is dropped.
    const unknown = Object.keys(source).filter((key) => !(key in shape) && source[key] !== undefined);
    if (unknown.length > 0) errors.push(`${path} contains unknown properties: ${shorten(unknown.join(', '), PRINT_TOTAL_CHARS)}`);
    return out;
  });
}
