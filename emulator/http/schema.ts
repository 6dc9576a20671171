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

/** yup's printValue, enough for the values a JSON body can carry. */
function printValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null || typeof value !== 'object') return String(value);
  return JSON.stringify(value, null, 2);
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
  /** A UUID or the literal `me` (user ids, protocol.md §5). */
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

/** Any JSON value (metadata fields). */
export function json(): Field<unknown> {
  return new Field<unknown>((raw) => raw);
}

/** An object that rejects unknown properties, like the backend's yupObject in body/query/params. */
export function object<S extends Shape>(shape: S): Field<ObjectOf<S>> {
  return new Field<ObjectOf<S>>((raw, path, errors) => {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
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
    if (unknown.length > 0) errors.push(`${path} contains unknown properties: ${unknown.join(', ')}`);
    return out;
  });
}
