// The generated contract's facts agree with themselves (scripts/gen.test.ts checks each file is fresh).
import { describe, expect, it } from 'vitest';
import { ENDPOINT_CONTRACT, TOKEN_MINTING } from './endpoints.generated.ts';

describe('the generated contract', () => {
  // Not a copy check: the table's own flags must agree with its response schemas.
  it('every row whose answer names a token field either mints a session or returns a provider token', () => {
    const carriers = Object.values(ENDPOINT_CONTRACT).filter((row) => row.mayCarryTokenFields);
    expect(carriers.length).toBeGreaterThanOrEqual(5);
    for (const row of carriers) expect(row.mintsTokens || row.returnsProviderToken, `${row.method} ${row.path}`).toBe(true);
    expect(TOKEN_MINTING.size).toBe(Object.values(ENDPOINT_CONTRACT).filter((row) => row.mintsTokens).length);
  });
});
