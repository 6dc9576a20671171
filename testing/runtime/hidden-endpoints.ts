// Spellings of the token-minting endpoints that differ from the classified string only after fetch or a
// decoder: fetch drops a fragment and sends what precedes `?` as the path; a decoder may turn `%23`/`%3f` into them.
import { TOKEN_MINTING } from '../../runtime/host/token-endpoints.ts';

export const HIDING_SUFFIXES = ['#', '#x', '#/../../users/me', '?', '?x', '/#x', '%23', '%23x', '%2523x', '%3f', '%3Fx', '%253fx', '/%23', '%2f%23x'];

/** `[method, path]` of every token-minting endpoint with every hiding suffix. */
export function hiddenMintingRequests(): [string, string][] {
  return [...TOKEN_MINTING].flatMap((key) => {
    const [method, path] = key.split(' ') as [string, string];
    return HIDING_SUFFIXES.map((suffix): [string, string] => [method, `${path}${suffix}`]);
  });
}
