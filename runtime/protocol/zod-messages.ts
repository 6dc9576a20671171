// zod/mini ships without error texts ("Invalid input"); classic zod installs the English ones. The modules whose zod
// errors reach developers call this at load so their messages read as classic zod's do (a call, not a bare import:
// the package is `sideEffects: false`, so a bundler may drop an import-only module). Written here rather than
// zod's own English locale (`locales.en()`, 731 B gzip in the worker, which has no lazy chunks): the same words for
// the issues our schemas raise (the type, the value, a size, a format, unknown keys), in a quarter of the bytes.
import { config, util, type core } from 'zod/mini';

let installed = false;

const UNITS: Readonly<Record<string, string>> = { string: 'characters', array: 'items', set: 'items', file: 'bytes', map: 'entries' };

function size(origin: string | undefined, relation: string, limit: number | bigint): string {
  const unit = UNITS[origin ?? ''];
  return `expected ${origin ?? 'value'} to ${unit ? 'have' : 'be'} ${relation}${limit}${unit ? ` ${unit}` : ''}`;
}

function englishMessage(issue: core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `Invalid input: expected ${issue.expected}, received ${util.parsedType(issue.input)}`;
    case 'invalid_value':
      return issue.values.length === 1 ? `Invalid input: expected ${util.stringifyPrimitive(issue.values[0])}` : `Invalid option: expected one of ${util.joinValues(issue.values, '|')}`;
    case 'too_big':
      return `Too big: ${size(issue.origin, issue.exact ? 'exactly ' : issue.inclusive ? '<=' : '<', issue.maximum)}`;
    case 'too_small':
      return `Too small: ${size(issue.origin, issue.exact ? 'exactly ' : issue.inclusive ? '>=' : '>', issue.minimum)}`;
    case 'invalid_format':
      return issue.format === 'regex' ? `Invalid string: must match pattern ${String(issue['pattern'])}` : `Invalid ${issue.format}`;
    case 'unrecognized_keys':
      return `Unrecognized key${issue.keys.length > 1 ? 's' : ''}: ${util.joinValues(issue.keys, ', ')}`;
    default:
      return 'Invalid input';
  }
}

export function useEnglishZodMessages(): void {
  if (installed) return;
  installed = true;
  config({ localeError: englishMessage });
}
