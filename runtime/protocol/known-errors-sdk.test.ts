// `new KnownErrors.X(...)` as an app written for the official SDK calls it: every class of @stackframe/stack-shared
// 2.8 (installed with @stackframe/js) exists here under its name, takes its arguments (checked by the compiler
// below) and gives its code, status, text and details (checked at run time against the SDK's own classes).
import { KnownErrors as SdkKnownErrors } from '@stackframe/stack-shared/dist/known-errors';
import { describe, expect, test } from 'vitest';
import { KnownErrors, type KnownErrorClasses } from './errors.ts';
import { knownErrorArgumentNames } from './known-error-arguments.ts';
import { knownErrorRow, type KnownErrorCode } from './known-errors.ts';

type Sdk = typeof SdkKnownErrors;
type SdkArgs<K extends keyof Sdk> = Sdk[K] extends new (...args: infer A) => unknown ? A : never;
type OurArgs<K extends keyof KnownErrorClasses> = ConstructorParameters<KnownErrorClasses[K]>;
/** The SDK's class names whose arguments ours do not accept, or of another count (never when all agree). */
type ArgumentMismatch = {
  [K in keyof Sdk]: K extends keyof KnownErrorClasses
    ? SdkArgs<K> extends OurArgs<K>
      ? Required<SdkArgs<K>>['length'] extends Required<OurArgs<K>>['length']
        ? never
        : K
      : K
    : K;
}[keyof Sdk];
// A compile error here names the class whose SDK call would not compile against ours.
const everySdkCallCompiles: [ArgumentMismatch] extends [never] ? true : ArgumentMismatch = true;

interface Def {
  type: string;
  innerType?: { _zod: { def: Def } };
  element?: { _zod: { def: Def } };
}

/** A value of a details field's type, different per position so that a swapped order shows in the text. */
function sampleOf(def: Def, name: string, i: number): unknown {
  if (name.endsWith('_millis')) return new Date(1_700_000_000_000 + i * 1000);
  switch (def.type) {
    case 'optional':
    case 'nullable':
      return sampleOf((def.innerType as { _zod: { def: Def } })._zod.def, name, i);
    case 'number':
      return 7 + i;
    case 'boolean':
      return true;
    case 'array':
      return (def.element as { _zod: { def: Def } })._zod.def.type === 'string' ? ['client', 'server'] : [{ overload: i }];
    case 'object':
      return { type: 'anonymous' };
    default:
      return `value${i}`;
  }
}

function sampleArguments(code: KnownErrorCode): unknown[] {
  const row = knownErrorRow(code);
  if (row.status === null) return [418, 'A text of our own.', { reason: 'r' }];
  if (row.detailsArgument) return [{ polling_code: 'p' }];
  const shape = (row.current?.details ?? row.details)?.shape ?? {};
  return knownErrorArgumentNames(code).map((name, i) => sampleOf((shape[name] as unknown as { _zod: { def: Def } })._zod.def, name, i));
}

const sdkClasses = Object.entries(SdkKnownErrors) as [string, new (...args: unknown[]) => Error & { statusCode: number; details?: unknown }][];

describe("KnownErrors built by an app match the official SDK's", () => {
  test('the compiler accepts every SDK call (ArgumentMismatch is never)', () => {
    expect(everySdkCallCompiles).toBe(true);
    expect(sdkClasses.length).toBeGreaterThan(140);
  });

  test.each(sdkClasses.map(([name]) => name))('%s', (name) => {
    const ours = (KnownErrors as unknown as Record<string, (new (...args: unknown[]) => Error & { code: KnownErrorCode; status: number; details?: unknown }) | undefined>)[name];
    expect(ours, `${name} is missing`).toBeDefined();
    if (ours === undefined) return;
    const Sdk = (SdkKnownErrors as unknown as Record<string, new (...args: unknown[]) => Error & { statusCode: number; details?: unknown; errorCode: string }>)[name] as new (...args: unknown[]) => Error & { statusCode: number; details?: unknown; errorCode: string };
    const code = (ours as unknown as { code: KnownErrorCode }).code;
    const args = sampleArguments(code);
    const theirs = new Sdk(...args);
    const mine = new ours(...args);
    expect({ code: mine.code, status: mine.status, message: mine.message, name: mine.name }).toEqual({
      code: theirs.errorCode,
      status: theirs.statusCode,
      message: theirs.message,
      name: theirs.name,
    });
    // Where the SDK keeps no details (the argument is only in its text), ours keeps the argument as details.
    if (theirs.details !== undefined) expect(mine.details).toEqual(theirs.details);
    expect(mine).toBeInstanceOf(ours);
  });
});
