import { describe, expect, it, vi } from 'vitest';
import { stripTokenFields } from './sanitize.ts';

describe('stripTokenFields', () => {
  it('removes token fields at any depth, in both spellings', () => {
    const body = JSON.stringify({ access_token: 'a', refresh_token: 'r', user_id: 'u', nested: { accessToken: 'x', refreshToken: 'y', keep: 1 }, list: [{ refresh_token: 'z' }] });
    expect(JSON.parse(stripTokenFields(body) ?? 'null')).toEqual({ user_id: 'u', nested: { keep: 1 }, list: [{}] });
  });

  it('leaves bodies without tokens and non-JSON bodies alone', () => {
    expect(stripTokenFields(JSON.stringify({ id: 'u', primary_email: 'a@b.co' }))).toBeNull();
    expect(stripTokenFields('plain text')).toBeNull();
  });

  it('still finds a token field spelled with JSON escapes (the quick check must not skip it)', () => {
    const escaped = '{"acc\\u0065ss_t\\u006fken":"a","keep":1}';
    expect(JSON.parse(escaped)).toEqual({ access_token: 'a', keep: 1 });
    expect(JSON.parse(stripTokenFields(escaped) ?? 'null')).toEqual({ keep: 1 });
  });

  it('does not parse an answer that cannot hold a token field', () => {
    const parse = vi.spyOn(JSON, 'parse');
    try {
      expect(stripTokenFields(JSON.stringify({ id: 'u', items: Array.from({ length: 50 }, (_, i) => ({ i, name: 'spoken word' })) }))).toBeNull();
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });
});
