// One guard on the path that is sent (issue 39.3): whatever path the bridge schema accepts and the worker's refusal
// lets through, the URL fetch builds from it never reaches a token-minting endpoint.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiRequestArgsSchema } from '../bridge/schemas.ts';
import { buildApiUrl } from '../http/pipeline.ts';
import { isTokenMinting, pageRequestRefusal } from './token-endpoints.ts';
import { TOKEN_MINTING } from '../protocol/contract/endpoints.generated.ts';

const API = 'https://api.example.com';
const accepted = (path: string) => apiRequestArgsSchema.safeParse({ path, method: 'POST' }).success;
/** The path under /api/v1 of the URL as fetch sends it. */
const sentPath = (path: string) => {
  const url = new URL(buildApiUrl(API, path));
  return `${url.pathname.slice('/api/v1'.length)}${url.search}`;
};
const mintingPaths = [...TOKEN_MINTING].map((key) => key.slice(key.indexOf(' ') + 1));

describe('the path that is sent', () => {
  it.each(['\u0000', '\u0001', '\u001f', '\u007f', '\t', '\n', ' '])('refuses a minting path with %j before or after it', (char) => {
    for (const path of ['/auth/password/sign-in', '/auth/sessions/current/refresh']) {
      expect(accepted(`${path}${char}`)).toBe(false);
      expect(accepted(`/${char}${path.slice(1)}`)).toBe(false);
    }
  });

  it('no accepted path that passes the refusal is fetched as a token endpoint (property test)', () => {
    const noise = fc.constantFrom('\u0000', '\u0001', '\u001f', '\u007f', '\t', '\n', ' ', '%2e', '%2f', '%00', '.', '..', '/', '\\', '?', '#', '%252e', '\u00a0', '\u2028');
    const candidate = fc.tuple(fc.constantFrom(...mintingPaths), fc.array(noise, { maxLength: 4 }), fc.array(noise, { maxLength: 4 }), fc.nat()).map(([path, before, after, at]) => {
      const cut = at % (path.length + 1);
      return `${path.slice(0, cut)}${before.join('')}${path.slice(cut)}${after.join('')}`;
    });
    fc.assert(
      fc.property(candidate, (path) => {
        if (!accepted(path) || pageRequestRefusal('POST', path) !== null) return;
        expect(isTokenMinting('POST', sentPath(path))).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });
});
