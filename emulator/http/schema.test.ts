import { describe, expect, it } from 'vitest';
import { boolean, json, number, object, string } from './schema.ts';

function run<T>(schema: { parse(v: unknown, p: string, e: string[]): T }, value: unknown) {
  const errors: string[] = [];
  const out = schema.parse(value, 'body', errors);
  return { out, errors };
}

describe('request schemas (yup wording)', () => {
  const signIn = object({ email: string({ email: 'plain' }), password: string({ max: 70 }) });

  it('reports missing fields and unknown properties', () => {
    expect(run(signIn, {}).errors).toEqual(['body.email must be defined', 'body.password must be defined']);
    expect(run(signIn, undefined).errors).toEqual(['body must be defined']);
    expect(run(signIn, { email: 'a@b.co', password: 'x', foo: 1, bar: 2 }).errors).toEqual(['body contains unknown properties: foo, bar']);
  });

  it('checks types, lengths and e-mails', () => {
    expect(run(signIn, { email: 'nope', password: 'x'.repeat(71) }).errors).toEqual([
      'body.email must be a valid email',
      'body.password must be at most 70 characters',
    ]);
    expect(run(signIn, { email: {}, password: 'x' }).errors).toEqual(['body.email must be a `string` type, but the final value was: `{}`.']);
    expect(run(signIn, { email: null, password: 'x' }).errors).toEqual(['body.email cannot be null']);
    expect(run(object({ e: string({ email: 'strict' }) }), { e: 'a@localhost' }).errors).toEqual(['body.e must be a valid email']);
    expect(run(object({ e: string({ email: 'strict' }) }), { e: 'a@b.c' }).errors).toEqual(['body.e must be a valid email']);
    expect(run(object({ e: string({ email: 'strict' }) }), { e: 'a@b.co' }).errors).toEqual([]);
    expect(run(object({ e: string({ email: 'plain' }) }), { e: 'a@localhost' }).errors).toEqual([]);
  });

  it('casts like yup', () => {
    expect(run(object({ s: string(), b: boolean(), n: number() }), { s: 12, b: 'true', n: '5' }).out).toEqual({ s: '12', b: true, n: 5 });
    expect(run(object({ m: json().optional(), s: string().nullable().optional() }), { m: { a: [1] }, s: null }).out).toEqual({ m: { a: [1] }, s: null });
  });
});
