import { describe, expect, it } from 'vitest';
import { ENDPOINT_CONTRACT } from '../protocol/contract/endpoints.generated.ts';
import type { EndpointContract } from '../protocol/endpoint-path.ts';
import { isSignOut, isTokenMinting, mayCarryTokenFields, readsRefreshToken, returnsProviderToken } from './token-endpoints.ts';

const rows: EndpointContract[] = Object.values(ENDPOINT_CONTRACT);
// A concrete path for every template: each placeholder becomes a plain segment.
const concrete = (template: string) => template.replace(/\{[a-z_]+\}/g, 'x1');

describe('readsRefreshToken', () => {
  it('accepts each row marked so, as a concrete path, and refuses every other row of the table', () => {
    for (const row of rows) expect(readsRefreshToken(row.method, concrete(row.path)), `${row.method} ${row.path}`).toBe(row.readsRefreshToken);
  });

  it('ignores the query, trailing slashes and the method case', () => {
    expect(readsRefreshToken('post', '/auth/password/update')).toBe(true);
    expect(readsRefreshToken('POST', '/auth/password/update/')).toBe(true);
    expect(readsRefreshToken('POST', '/auth/password/update?x=1')).toBe(true);
  });

  it.each([
    ['GET', '/auth/password/update'],
    ['PATCH', '/auth/password/update'],
    ['POST', '/auth/password/set'],
    ['POST', '/auth/password/update/extra'],
    ['POST', '/auth/password/updatex'],
    ['POST', '/x/auth/password/update'],
    ['POST', '//auth/password/update'],
    ['POST', '/auth/password/./update'],
    ['POST', '/auth/x/../password/update'],
    ['POST', '/auth/password/%75pdate'],
    ['POST', '/auth/password/update#x'],
    ['POST', '/AUTH/password/update'],
    ['GET', '/auth/sessions/current'],
    ['POST', '/users/me'],
  ])('refuses %s %s: exact plain segments only', (method, path) => {
    expect(readsRefreshToken(method, path)).toBe(false);
  });
});

describe('isSignOut', () => {
  it('matches DELETE /auth/sessions/current only', () => {
    expect(isSignOut('DELETE', '/auth/sessions/current')).toBe(true);
    expect(isSignOut('delete', '/auth/sessions/current/?a=b')).toBe(true);
    expect(isSignOut('GET', '/auth/sessions/current')).toBe(false);
    expect(isSignOut('DELETE', '/auth/sessions/current/refresh')).toBe(false);
    expect(isSignOut('DELETE', '/auth/sessions/x1')).toBe(false);
  });

  it('is one of the refresh-token readers, and the refresh itself is token-minting', () => {
    expect(readsRefreshToken('DELETE', '/auth/sessions/current')).toBe(true);
    expect(isTokenMinting('POST', '/auth/sessions/current/refresh')).toBe(true);
  });
});

describe('mayCarryTokenFields', () => {
  it('covers every row of the endpoint table whose answer names a token field', () => {
    const carriers = rows.filter((row) => row.mayCarryTokenFields);
    expect(carriers.length).toBeGreaterThanOrEqual(5);
    for (const row of carriers) expect(mayCarryTokenFields(row.method, concrete(row.path)), `${row.method} ${row.path}`).toBe(true);
  });

  it('lets GETs outside /auth/ stream unread, and reads every other answer', () => {
    expect(mayCarryTokenFields('GET', '/users/me')).toBe(false);
    expect(mayCarryTokenFields('get', '/teams?user_id=me')).toBe(false);
    expect(mayCarryTokenFields('HEAD', '/projects/current')).toBe(false);
    expect(mayCarryTokenFields('GET', '/authors')).toBe(false);
    expect(mayCarryTokenFields('GET', '/auth/sessions?user_id=me')).toBe(true);
    expect(mayCarryTokenFields('GET', '/auth')).toBe(true);
    expect(mayCarryTokenFields('GET', '/users/../auth/sessions')).toBe(true);
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) expect(mayCarryTokenFields(method, '/users/me')).toBe(true);
  });
});

describe('isTokenMinting and returnsProviderToken', () => {
  it('follow the rows of the table, whatever the query or trailing slash', () => {
    for (const row of rows) {
      expect(isTokenMinting(row.method, `${concrete(row.path)}/?x=1`), `${row.method} ${row.path}`).toBe(row.mintsTokens);
      expect(returnsProviderToken(row.method, concrete(row.path)), `${row.method} ${row.path}`).toBe(row.returnsProviderToken);
    }
  });
});
