// Schema combinators the base schema module lacks: optional wrappers and arrays, with yup's wording.
import { printValue, type Schema } from './schema.ts';

/** An optional field built from a required one. */
export function optional<T>(schema: Schema<T>): Schema<T | undefined> {
  return { parse: (value, path, errors) => (value === undefined ? undefined : schema.parse(value, path, errors)) };
}

/** An array of `item` (yupArray). */
export function arrayOf<T>(item: Schema<T>): Schema<T[]> {
  return {
    parse(value, path, errors) {
      if (value === undefined) {
        errors.push(`${path} must be defined`);
        return [];
      }
      if (!Array.isArray(value)) {
        errors.push(`${path} must be a \`array\` type, but the final value was: \`${printValue(value)}\`.`);
        return [];
      }
      return value.map((v, i) => item.parse(v, `${path}[${i}]`, errors));
    },
  };
}
