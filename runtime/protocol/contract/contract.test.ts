// The one freshness test of the generated contract: each *.generated.ts file equals what its sources (the endpoint
// table, the known-error catalogue, package.json) generate now. When it fails, run `npm run gen:contract`.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contractFiles } from '../../../scripts/generate-contract.ts';
import { ENDPOINT_CONTRACT, TOKEN_MINTING } from './endpoints.generated.ts';

const root = new URL('../../../', import.meta.url);

describe('the generated contract', () => {
  it.each(Object.entries(contractFiles()))('%s is fresh (else run npm run gen:contract)', (path, text) => {
    expect(readFileSync(new URL(path, root), 'utf8'), `${path} is stale: run npm run gen:contract`).toBe(text);
  });

  // Not a copy check: the table's own flags must agree with its response schemas.
  it('every row whose answer names a token field either mints a session or returns a provider token', () => {
    const carriers = Object.values(ENDPOINT_CONTRACT).filter((row) => row.mayCarryTokenFields);
    expect(carriers.length).toBeGreaterThanOrEqual(5);
    for (const row of carriers) expect(row.mintsTokens || row.returnsProviderToken, `${row.method} ${row.path}`).toBe(true);
    expect(TOKEN_MINTING.size).toBe(Object.values(ENDPOINT_CONTRACT).filter((row) => row.mintsTokens).length);
  });
});
