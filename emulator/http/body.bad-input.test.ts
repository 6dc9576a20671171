// Malformed, mistyped, oversized and unstorable request bodies: each gets the backend's known error,
// never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { MAX_JSON_DEPTH } from './body.ts';
import { DEFAULT_MAX_BODY_BYTES } from './request-limits.ts';
import { MAX_JSON_FIELD_BYTES } from './schema.ts';

let emu: TestEmulator;
let accessToken: string;
beforeAll(async () => {
  emu = await createTestEmulator({ dialect: '2.7' });
  ({ accessToken } = await signUp(emu));
});
afterAll(() => emu.close());

const SIGN_IN = '/api/v1/auth/password/sign-in';
const send = (path: string, body: BodyInit, contentType: string | null, init: { method?: string; headers?: Record<string, string> } = {}) =>
  emu.fetch(path, {
    method: init.method ?? 'POST',
    accessType: 'client',
    headers: { ...(contentType === null ? {} : { 'content-type': contentType }), ...init.headers },
    body,
  });
const patchMe = (body: string) => send('/api/v1/users/me', body, 'application/json', { method: 'PATCH', headers: { 'x-stack-access-token': accessToken } });

async function knownError(res: Response): Promise<{ status: number; header: string | null; body: unknown }> {
  return { status: res.status, header: res.headers.get('x-stack-known-error'), body: await res.json() };
}

function schemaError(method: string, path: string, ...lines: string[]) {
  const message = `Request validation failed on ${method} ${path}:\n${lines.map((l) => `  - ${l}`).join('\n')}`;
  return { status: 400, header: 'SCHEMA_ERROR', body: { code: 'SCHEMA_ERROR', details: { message }, error: message } };
}

const bodyParsingError = (error: string) => ({ status: 400, header: 'BODY_PARSING_ERROR', body: { code: 'BODY_PARSING_ERROR', error } });

describe('malformed JSON', () => {
  it.each([
    ['truncated', '{"email":"a@b.co"'],
    ['empty', ''],
    ['single quotes', "{'email':'a@b.co'}"],
    ['trailing comma', '{"email":"a@b.co",}'],
    ['NaN', '{"email":NaN}'],
    ['two documents', '{}{}'],
  ])('%s -> BODY_PARSING_ERROR', async (_, body) => {
    expect(await knownError(await send(SIGN_IN, body, 'application/json'))).toEqual(bodyParsingError('Invalid JSON in request body'));
  });

  it('bytes that are not UTF-8 -> BODY_PARSING_ERROR', async () => {
    const res = await send(SIGN_IN, new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), 'application/json');
    expect(await knownError(res)).toEqual(bodyParsingError('Request body cannot be parsed as UTF-8'));
  });

  it('valid JSON that is not an object -> SCHEMA_ERROR on body', async () => {
    expect(await knownError(await send(SIGN_IN, '[]', 'application/json'))).toEqual(
      schemaError('POST', SIGN_IN, 'body must be a `object` type, but the final value was: `[]`.'),
    );
    expect(await knownError(await send(SIGN_IN, '"a@b.co"', 'application/json'))).toEqual(
      schemaError('POST', SIGN_IN, 'body must be a `object` type, but the final value was: `"a@b.co"`.'),
    );
    expect(await knownError(await send(SIGN_IN, 'null', 'application/json'))).toEqual(schemaError('POST', SIGN_IN, 'body cannot be null'));
  });

  it(`nesting deeper than ${MAX_JSON_DEPTH} levels -> BODY_PARSING_ERROR, not a stack overflow`, async () => {
    const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
    const expected = bodyParsingError(`Request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels)`);
    expect(await knownError(await send(SIGN_IN, `{"email":${deep(200_000)},"password":"x"}`, 'application/json'))).toEqual(expected);
    expect(await knownError(await patchMe(`{"client_metadata":${deep(5_000)}}`))).toEqual(expected);
    // Just under the limit is ordinary metadata.
    expect((await patchMe(`{"client_metadata":${deep(MAX_JSON_DEPTH - 2)}}`)).status).toBe(200);
  });
});

describe('content types', () => {
  it('an unknown media type -> BODY_PARSING_ERROR naming it (case-sensitive, parameters dropped)', async () => {
    for (const [type, named] of [
      ['application/xml; charset=utf-8', 'application/xml'],
      ['Application/JSON', 'Application/JSON'],
      ['multipart/form-data; boundary=x', 'multipart/form-data'],
      ['application/json-patch+json', 'application/json-patch+json'],
    ] as const) {
      expect(await knownError(await send(SIGN_IN, '{}', type))).toEqual(bodyParsingError(`Unknown content type in request body: ${named}`));
    }
  });

  it('JSON text sent as text/plain, without a content type, or as bytes -> SCHEMA_ERROR', async () => {
    const json = '{"email":"a@b.co","password":"xxxxxxxx"}';
    expect(await knownError(await send(SIGN_IN, json, 'text/plain'))).toEqual(
      schemaError('POST', SIGN_IN, `body must be a \`object\` type, but the final value was: \`${JSON.stringify(json)}\`.`),
    );
    // No content type (bytes, so fetch adds none): the body is ignored, as if absent.
    expect(await knownError(await send(SIGN_IN, new TextEncoder().encode(json), null))).toEqual(schemaError('POST', SIGN_IN, 'body must be defined'));
    expect((await knownError(await send(SIGN_IN, json, 'application/octet-stream'))).header).toBe('SCHEMA_ERROR');
  });

  it('a form body is parsed like the backend does, as a flat object', async () => {
    const res = await send(SIGN_IN, 'email=nobody%40example.com&password=xxxxxxxx', 'application/x-www-form-urlencoded');
    expect(await knownError(res)).toEqual({
      status: 400,
      header: 'EMAIL_PASSWORD_MISMATCH',
      body: { code: 'EMAIL_PASSWORD_MISMATCH', error: 'Wrong e-mail or password.' },
    });
  });

  it('a body on a GET is ignored, and a JSON body on a body-less route is not an error', async () => {
    const res = await emu.fetch('/api/v1/users/me', { method: 'GET', accessType: 'client', headers: { 'x-stack-access-token': accessToken } });
    expect(res.status).toBe(200);
    const signOut = await send('/api/v1/auth/sessions/current', '{}', 'application/json', { method: 'DELETE', headers: { 'x-stack-refresh-token': 'x'.repeat(45) } });
    expect((await knownError(signOut)).header).toBe('REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED');
  });
});

describe('oversized bodies', () => {
  it('a body over the limit (1 MiB by default) -> 413 text, with the status override and CORS like any /api answer', async () => {
    const res = await send(SIGN_IN, JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }), 'application/json', {
      headers: { 'x-stack-override-error-status': 'true' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-stack-actual-status')).toBe('413');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe(`Request body too large: the emulator accepts at most ${DEFAULT_MAX_BODY_BYTES} bytes (raise it with --max-body-bytes).`);
  });

  it('a 500 KB password is a schema error that does not echo the password', async () => {
    const res = await send(SIGN_IN, JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(500 * 1024) }), 'application/json');
    expect(await knownError(res)).toEqual(schemaError('POST', SIGN_IN, 'body.password must be at most 70 characters'));
  });

  it(`metadata over ${MAX_JSON_FIELD_BYTES} bytes of JSON is a SCHEMA_ERROR; up to the limit it is stored`, async () => {
    const blob = (bytes: number) => ({ blob: 'y'.repeat(bytes - '{"blob":""}'.length) });
    const res = await patchMe(JSON.stringify({ client_metadata: blob(MAX_JSON_FIELD_BYTES + 1) }));
    expect(await knownError(res)).toEqual(
      schemaError('PATCH', '/api/v1/users/me', `body.client_metadata must be at most ${MAX_JSON_FIELD_BYTES} bytes of JSON, but it is ${MAX_JSON_FIELD_BYTES + 1} bytes`),
    );
    const stored = await patchMe(JSON.stringify({ client_metadata: blob(MAX_JSON_FIELD_BYTES) }));
    expect(stored.status).toBe(200);
    expect(((await stored.json()) as { client_metadata: { blob: string } }).client_metadata.blob).toHaveLength(MAX_JSON_FIELD_BYTES - 11);
  });

  it('a wrongly typed value is quoted in a short prefix: a byte array is never expanded', async () => {
    const bytes = await send('/api/v1/auth/password/sign-up', new Uint8Array(512 * 1024), 'application/octet-stream');
    const message = ((await bytes.json()) as { error: string }).error;
    expect(message).toContain('body must be a `object` type, but the final value was: `"[Uint8Array: 524288 bytes]"`.');
    expect(message.length).toBeLessThan(400);
    const wide = await send(SIGN_IN, JSON.stringify({ email: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, 'v'.repeat(1000)])) }), 'application/json');
    const text = ((await wide.json()) as { error: string }).error;
    expect(text).toMatch(/body\.email must be a `string` type, but the final value was: `\{\n {2}"k0": "v{100}… \(900 more characters\)"/);
    expect(text.length).toBeLessThan(1200);
  });

  it('an e-mail too long for the database index -> SCHEMA_ERROR', async () => {
    const random = Array.from(crypto.getRandomValues(new Uint8Array(1600)), (b) => b.toString(16).padStart(2, '0')).join('');
    const path = '/api/v1/auth/password/sign-up';
    const res = await send(path, JSON.stringify({ email: `${random}@example.com`, password: 'xxxxxxxx' }), 'application/json', {
      headers: { 'x-hexclave-override-error-status': 'true' },
    });
    expect(res.headers.get('x-stack-actual-status')).toBe('400');
    expect((await res.json()) as unknown).toEqual(schemaError('POST', path, 'the request contains a value too long to store').body);
  });
});

describe('unstorable characters', () => {
  it('a NUL character in a stored string or in metadata -> SCHEMA_ERROR', async () => {
    const expected = schemaError('PATCH', '/api/v1/users/me', 'the request contains a NUL character (\\u0000), which PostgreSQL cannot store');
    expect(await knownError(await patchMe(JSON.stringify({ display_name: 'a\u0000b' })))).toEqual(expected);
    expect(await knownError(await patchMe(JSON.stringify({ client_metadata: { note: 'a\u0000b' } })))).toEqual(expected);
  });

  it('a lone surrogate is stored (as the replacement character)', async () => {
    expect((await patchMe('{"display_name":"\\ud800"}')).status).toBe(200);
  });

  it('a lone surrogate in metadata (jsonb refuses it) -> SCHEMA_ERROR, not a 500', async () => {
    const expected = schemaError('PATCH', '/api/v1/users/me', 'the request contains JSON text PostgreSQL cannot store (such as a lone UTF-16 surrogate, \\ud800-\\udfff)');
    expect(await knownError(await patchMe('{"client_metadata":{"note":"\\ud800"}}'))).toEqual(expected);
  });
});

describe('the current dialect (x-hexclave-* headers)', () => {
  it('sends the details object the 2.8 client needs to parse BODY_PARSING_ERROR and SCHEMA_ERROR', async () => {
    const hexclave = { 'x-hexclave-override-error-status': 'true' };
    const bad = await send(SIGN_IN, '{', 'application/json', { headers: hexclave });
    expect(bad.headers.get('x-stack-actual-status')).toBe('400');
    expect(await bad.json()).toEqual({ code: 'BODY_PARSING_ERROR', details: { message: 'Invalid JSON in request body' }, error: 'Invalid JSON in request body' });
    const nul = await send('/api/v1/users/me', JSON.stringify({ display_name: '\u0000' }), 'application/json', {
      method: 'PATCH',
      headers: { ...hexclave, 'x-hexclave-access-token': accessToken },
    });
    expect(((await nul.json()) as { details: { message: string } }).details.message).toContain('NUL character');
  });
});
