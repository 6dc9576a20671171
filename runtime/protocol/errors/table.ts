// The part of the known-error catalogue every bundle needs: each code's HTTP status and parent
// (the 2.7 backend's codes and those the 2.8 service added), generated from catalogue.ts (texts, details schemas, the 2.8 dialect rows: the emulator, the server
// side and the docs import it) into contract/error-table.generated.ts by `npm run gen`.

import { KNOWN_ERROR_TABLE } from '../contract/error-table.generated.ts';

export { KNOWN_ERROR_TABLE };

export type KnownErrorCode = keyof typeof KNOWN_ERROR_TABLE;

export const KNOWN_ERROR_CODES = Object.keys(KNOWN_ERROR_TABLE) as readonly KnownErrorCode[];

export function isKnownErrorCode(code: string): code is KnownErrorCode {
  return Object.prototype.hasOwnProperty.call(KNOWN_ERROR_TABLE, code);
}

export function knownErrorStatus(code: KnownErrorCode): number | null {
  return KNOWN_ERROR_TABLE[code][0];
}

export function knownErrorParent(code: KnownErrorCode): string | null {
  return KNOWN_ERROR_TABLE[code][1];
}

type ParentOf<C extends KnownErrorCode> = (typeof KNOWN_ERROR_TABLE)[C][1];
type InFamily<C extends KnownErrorCode, F extends KnownErrorCode> = C extends F
  ? true
  : ParentOf<C> extends KnownErrorCode ? InFamily<ParentOf<C>, F> : false;

/** The codes of family `F`: `F` itself and every code that has it as an ancestor (read from the table's parents). */
export type KnownErrorFamily<F extends KnownErrorCode> = { [C in KnownErrorCode]: InFamily<C, F> extends true ? C : never }[KnownErrorCode];

/** The code itself, then its parent, grandparent, ... (the family chain). */
export function knownErrorAncestry(code: KnownErrorCode): readonly KnownErrorCode[] {
  const chain: KnownErrorCode[] = [];
  for (let c: string | null = code; c !== null && isKnownErrorCode(c) && !chain.includes(c); c = knownErrorParent(c)) {
    chain.push(c);
  }
  return chain;
}

/** Texts of the codes the runtime raises itself (the bundles carry no other catalogue texts). */
export const INVALID_TOTP_CODE_TEXT = 'The TOTP code is invalid. Please try again.';
