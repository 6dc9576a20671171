// What a path under /api/v1 resolves to once a URL parser, a proxy or the backend's router has had its way
// with it: the query and fragment cut off (fetch never sends a fragment), dot segments, percent-encoded
// dots, slashes, `?` and `#` (decoded repeatedly, so double encoding is caught too), backslashes and
// duplicate slashes. The worker's endpoint rules are checked on this form.

/** Escapes a router may decode into path syntax: `%2e` `.`, `%2f` `/`, `%5c` `\`, `%3f` `?`, `%23` `#`, and `%25` (a second layer). */
const PATH_SYNTAX_ESCAPE = /%(2e|2f|5c|3f|23|25)/gi;

/** The path part of `path` (its query and fragment dropped), resolved as the server may resolve it. */
export function normaliseApiPath(path: string): string {
  let bare = path;
  // Each round peels one layer of encoding; 8 layers are far more than any decoder chain applies.
  for (let round = 0; round < 8; round++) {
    bare = bare.split(/[?#]/)[0] ?? '';
    const decoded = bare.replace(PATH_SYNTAX_ESCAPE, (escape) => decodeURIComponent(escape));
    if (decoded === bare) break;
    bare = decoded;
  }
  const segments = bare.replace(/\\/g, '/').split('/');
  const resolved: string[] = [];
  for (const segment of segments) {
    if (segment === '.' || segment === '') continue;
    if (segment === '..') resolved.pop();
    else resolved.push(segment);
  }
  // A trailing slash (or a trailing dot segment) names the same endpoint: keep it so canonical paths stay equal.
  const trailing = /(^|\/)(\.\.?)?$/.test(bare) && resolved.length > 0 ? '/' : '';
  return `/${resolved.join('/')}${trailing}`;
}

/** True when the path has nothing for a parser to resolve (a fragment included): what a page sends to a real endpoint. */
export function isCanonicalApiPath(path: string): boolean {
  const bare = path.split('?')[0] ?? '';
  return bare === '' || bare === '/' || normaliseApiPath(bare) === bare;
}
