import { describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointDef } from '../protocol/endpoints.ts';
import { isSignOut, isTokenMinting, readsRefreshToken } from './token-endpoints.ts';

const rows: EndpointDef[] = Object.values(ENDPOINTS);
// A concrete path for every template: each placeholder becomes a plain segment.
const concrete = (template: string) => template.replace(/\{[a-z_]+\}/g, 'x1');

describe('readsRefreshToken', () => {
  it('accepts each of those rows and refuses every other row of the table', () => {
    for (const row of rows) {
      expect(readsRefreshToken(row.method, concrete(row.path)), `${row.method} ${row.path}`).toBe(row.readsRefreshToken === true);
    }
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
