// Token string sanity (protocol.md §3.1, §10.4): the literal "undefined" is refused for both token kinds.

export type TokenKind = 'access' | 'refresh';

/** A usable token string: non-empty and not the stringified `undefined` an app may have stored by mistake. */
export function isUsableTokenString(token: unknown): token is string {
  return typeof token === 'string' && token !== '' && token !== 'undefined';
}

export function assertUsableTokenString(kind: TokenKind, token: unknown): string {
  if (token === 'undefined') {
    throw new Error(`The ${kind} token is the string "undefined"; it was probably stringified from a missing value. Leave it unset instead.`);
  }
  if (!isUsableTokenString(token)) throw new Error(`The ${kind} token must be a non-empty string.`);
  return token;
}
