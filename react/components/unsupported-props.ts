import { StackSetupError } from '../../runtime/protocol/setup-error.ts';

/**
 * The type of an official prop authworker does not support: passing one fails to compile with `Message` in
 * the error (and at run time `refuseUnsupportedProps` throws, for JavaScript callers).
 */
export type Unsupported<Message extends string> = Message & { readonly unsupported: never };

/** Throws a setup error naming the first of `names` given in `props`: a component never ignores one silently. */
export function refuseUnsupportedProps(component: string, props: object, names: readonly string[], why: string): void {
  const given = names.find((name) => (props as Record<string, unknown>)[name] !== undefined);
  if (given) throw new StackSetupError(`authworker: <${component}> does not support the ${given} prop: ${why}`);
}
