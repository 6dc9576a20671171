import { describe, expect, it } from 'vitest';
import { parseAuthJson, tokensFromRequest } from './forwarded-session.ts';

const req = (headers: Record<string, string>) => new Request('https://app.example.com/api/thing', { headers });

describe('tokensFromRequest', () => {
  it('reads the x-stack-auth JSON header', () => {
    const tokens = tokensFromRequest(req({ 'x-stack-auth': JSON.stringify({ accessToken: 'at', refreshToken: 'rt' }) }), 'p');
    expect(tokens).toEqual({ accessToken: 'at', refreshToken: 'rt' });
  });

  it('treats a malformed x-stack-auth header as no session', () => {
    expect(tokensFromRequest(req({ 'x-stack-auth': 'not json' }), 'p')).toEqual({ accessToken: null, refreshToken: null });
    expect(parseAuthJson('[1,2]')).toEqual({ accessToken: null, refreshToken: null });
    expect(parseAuthJson('{"accessToken":5,"refreshToken":"rt"}')).toEqual({ accessToken: null, refreshToken: 'rt' });
  });

  it('prefers the 2.8 bearer form (stackauth_ + base64 JSON)', () => {
    const encoded = btoa(JSON.stringify({ accessToken: 'bat', refreshToken: 'brt' }));
    const tokens = tokensFromRequest(
      req({ authorization: `Bearer stackauth_${encoded}`, 'x-stack-auth': JSON.stringify({ accessToken: 'x', refreshToken: 'y' }) }),
      'p',
    );
    expect(tokens).toEqual({ accessToken: 'bat', refreshToken: 'brt' });
  });

  it('ignores other bearer tokens', () => {
    const tokens = tokensFromRequest(req({ authorization: 'Bearer eyJ.some.jwt', 'x-stack-auth': '{"accessToken":"a","refreshToken":"r"}' }), 'p');
    expect(tokens).toEqual({ accessToken: 'a', refreshToken: 'r' });
  });

  it('takes a plain Bearer JWT as a lone access token (after x-stack-auth)', () => {
    expect(tokensFromRequest(req({ authorization: 'Bearer eyJh.eyJz.c2ln' }), 'p')).toEqual({ accessToken: 'eyJh.eyJz.c2ln', refreshToken: null });
    expect(tokensFromRequest(req({ authorization: 'Bearer opaque-api-token' }), 'p')).toEqual({ accessToken: null, refreshToken: null });
  });

  it("reads the 2.8 client's cookies first: the newest structured refresh cookie and hexclave-access", () => {
    const structured = (token: string, at: number) => encodeURIComponent(JSON.stringify({ refresh_token: token, updated_at_millis: at }));
    const access = encodeURIComponent(JSON.stringify(['rt-new', 'at-new']));
    const cookie = `__Host-hexclave-refresh-p--default=${structured('rt-old', 1)}; hexclave-refresh-p--custom-ABC=${structured('rt-new', 2)}; stack-refresh-p=rt-27; hexclave-access=${access}`;
    expect(tokensFromRequest(req({ cookie }), 'p')).toEqual({ accessToken: 'at-new', refreshToken: 'rt-new' });
    // Without 2.8 cookies the 2.7 name wins over the 2.7 structured ones; another project's cookies are ignored.
    expect(tokensFromRequest(req({ cookie: `stack-refresh-p--default=${structured('rt-s', 5)}; stack-refresh-p=rt-27` }), 'p')).toEqual({ accessToken: null, refreshToken: 'rt-27' });
    expect(tokensFromRequest(req({ cookie: `stack-refresh-p--default=${structured('rt-s', 5)}` }), 'p')).toEqual({ accessToken: null, refreshToken: 'rt-s' });
    expect(tokensFromRequest(req({ cookie: `hexclave-refresh-q--default=${structured('rt-q', 5)}; hexclave-refresh-p--default=not-json` }), 'p')).toEqual({ accessToken: null, refreshToken: null });
  });

  it('falls back to the SDK cookies, honouring stack-access only for the same refresh token', () => {
    const access = encodeURIComponent(JSON.stringify(['rt-1', 'at-1']));
    expect(tokensFromRequest(req({ cookie: `other=1; stack-refresh-p=rt-1; stack-access=${access}` }), 'p')).toEqual({
      accessToken: 'at-1',
      refreshToken: 'rt-1',
    });
    expect(tokensFromRequest(req({ cookie: `stack-refresh-p=rt-2; stack-access=${access}` }), 'p')).toEqual({ accessToken: null, refreshToken: 'rt-2' });
    expect(tokensFromRequest(req({ cookie: 'stack-refresh=legacy' }), 'p')).toEqual({ accessToken: null, refreshToken: 'legacy' });
    expect(tokensFromRequest(req({ cookie: 'stack-refresh-other=x' }), 'p')).toEqual({ accessToken: null, refreshToken: null });
  });

  it('finds no session in a bare request', () => {
    expect(tokensFromRequest(req({}), 'p')).toEqual({ accessToken: null, refreshToken: null });
  });
});
