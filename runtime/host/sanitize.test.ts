import { describe, expect, it } from 'vitest';
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
});
