// The `stack-oauth-inner-<state>` cookie that ties the provider round trip to the browser that started it,
// written as the backend's framework serialises it: Path, Expires, Max-Age, Secure, HttpOnly.

const INNER_COOKIE_PREFIX = 'stack-oauth-inner-';
const INNER_COOKIE_MAX_AGE_SECONDS = 600;

export function innerCookieName(innerState: string): string {
  return `${INNER_COOKIE_PREFIX}${innerState}`;
}

/** Set-Cookie for a new flow; `secure` when the API is served over https. */
export function setInnerCookie(innerState: string, nowMillis: number, secure: boolean): string {
  const expires = new Date(nowMillis + INNER_COOKIE_MAX_AGE_SECONDS * 1000).toUTCString();
  return `${innerCookieName(innerState)}=true; Path=/; Expires=${expires}; Max-Age=${INNER_COOKIE_MAX_AGE_SECONDS}; ${secure ? 'Secure; ' : ''}HttpOnly`;
}

/** Set-Cookie that deletes the cookie (an Expires in 1970, as the framework's cookie delete). */
export function deleteInnerCookie(innerState: string): string {
  return `${innerCookieName(innerState)}=; Path=/; Expires=${new Date(0).toUTCString()}`;
}

/** The value of cookie `name` in a Cookie request header, or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}
