import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  ERROR_CODE_FAMILIES,
  KNOWN_ERROR_MISMATCH_MESSAGE,
  KnownError,
  KnownErrors,
  UnknownKnownError,
  createKnownError,
  decodeKnownError,
  encodeKnownError,
  isInvalidAccessTokenCode,
  isKnownErrorOf,
  isRefreshTokenErrorCode,
  knownErrorFromJSON,
  pascalCaseCode,
} from './index.ts';
import { KNOWN_ERROR_CODES, knownErrorRow, type KnownErrorCode } from './catalogue.ts';

const concreteCodes = KNOWN_ERROR_CODES.filter((c) => knownErrorRow(c).status !== null);

function jsonResponse(code: string | null, body: unknown): [Headers, string] {
  const headers = new Headers({ 'content-type': 'application/json; charset=utf-8' });
  if (code !== null) headers.set('x-stack-known-error', code);
  return [headers, JSON.stringify(body)];
}

describe('classes', () => {
  test('names follow the official SDK', () => {
    expect(pascalCaseCode('EMAIL_PASSWORD_MISMATCH')).toBe('EmailPasswordMismatch');
    expect(KnownErrors.InvalidTotpCode.name).toBe('InvalidTotpCode');
    expect(KnownErrors.RefreshTokenError.code).toBe('REFRESH_TOKEN_ERROR');
    expect(KnownErrors.OAuthProviderNotFoundOrNotEnabled.code).toBe('OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED');
    expect(KnownErrors.PasskeyWebAuthnError.code).toBe('PASSKEY_WEBAUTHN_ERROR');
    expect(KnownErrors.VerificationCodeError).toBe(KnownErrors.VerificationError);
  });

  test('instanceof works across the whole parent chain', () => {
    const err = createKnownError('ACCESS_TOKEN_EXPIRED', { expired_at_millis: 1_700_000_000_000 });
    for (const cls of [
      KnownErrors.AccessTokenExpired,
      KnownErrors.InvalidAccessToken,
      KnownErrors.InvalidSessionAuthentication,
      KnownErrors.SessionAuthenticationError,
      KnownError,
      Error,
    ]) {
      expect(err).toBeInstanceOf(cls);
    }
    expect(err).not.toBeInstanceOf(KnownErrors.RefreshTokenError);
    expect(err).not.toBeInstanceOf(KnownErrors.UnparsableAccessToken);
    expect(err.status).toBe(401);
    expect(err.name).toBe('KnownError<ACCESS_TOKEN_EXPIRED>');
    expect(err.message).toBe('Access token has expired. Please refresh it and try again. (The access token expired at 2023-11-14T22:13:20.000Z.)');
  });

  test("direct construction takes the SDK's arguments and sets code, status, details and the catalogue text", () => {
    const err = new KnownErrors.PasswordTooShort(8);
    expect(err).toBeInstanceOf(KnownErrors.PasswordRequirementsNotMet);
    expect(err.code).toBe('PASSWORD_TOO_SHORT');
    expect(err.status).toBe(400);
    expect(err.details).toEqual({ min_length: 8 });
    expect(err.message).toBe('Password too short. Minimum length is 8.');
    expect(new KnownErrors.TeamMembershipNotFound('t', 'u').message).toBe('User u is not found in team t.');
    expect(new KnownErrors.AccessTokenExpired(new Date(1_700_000_000_000), undefined, undefined, undefined).details).toEqual({ expired_at_millis: 1_700_000_000_000 });
    expect(new KnownErrors.InvalidPollingCodeError({ polling_code: 'p' }).details).toEqual({ polling_code: 'p' });
  });

  test('a category is built as the SDK builds one: status, text and details given', () => {
    const err = new KnownErrors.PasswordRequirementsNotMet(400, 'Too weak', { reason: 'x' });
    expect(err).toMatchObject({ code: 'PASSWORD_REQUIREMENTS_NOT_MET', status: 400, message: 'Too weak', details: { reason: 'x' } });
  });

  test("the SDK's instance and class members", () => {
    const err = new KnownErrors.TeamNotFound('t1');
    expect(err).toMatchObject({ errorCode: 'TEAM_NOT_FOUND', statusCode: 404, humanReadableMessage: 'Team t1 not found.', constructorArgs: ['t1'] });
    expect(KnownErrors.TeamNotFound.errorCode).toBe('TEAM_NOT_FOUND');
    expect(KnownErrors.TeamNotFound.isInstance(err)).toBe(true);
    expect(KnownErrors.RefreshTokenError.isInstance(err)).toBe(false);
    expect(KnownErrors.CannotDeleteCurrentSession.isInstance(new KnownErrors.CannotDeleteCurrentSession())).toBe(true);
    expect(KnownErrors.RefreshTokenError.isInstance(new KnownErrors.CannotDeleteCurrentSession())).toBe(true);
    expect(createKnownError('TEAM_NOT_FOUND', { team_id: 't1' }).constructorArgs).toEqual([]);
  });

  test('every concrete code builds with its catalogue status, with or without details', () => {
    for (const code of concreteCodes) {
      const err = createKnownError(code);
      expect(err.code).toBe(code);
      expect(err.status).toBe(knownErrorRow(code).status);
      expect(err).toBeInstanceOf(KnownErrors[pascalCaseCode(code) as keyof typeof KnownErrors]);
      expect(typeof err.message).toBe('string');
    }
  });

  test('isKnownErrorOf follows ancestry', () => {
    const err = createKnownError('CANNOT_DELETE_CURRENT_SESSION');
    expect(isKnownErrorOf(err, 'CANNOT_DELETE_CURRENT_SESSION')).toBe(true);
    expect(isKnownErrorOf(err, 'REFRESH_TOKEN_ERROR')).toBe(true);
    expect(isKnownErrorOf(err, 'INVALID_ACCESS_TOKEN')).toBe(false);
    expect(isKnownErrorOf(new Error('x'), 'REFRESH_TOKEN_ERROR')).toBe(false);
    expect(isKnownErrorOf('REFRESH_TOKEN_ERROR', 'REFRESH_TOKEN_ERROR')).toBe(false);
  });

  test('families are derived from the parent chain', () => {
    expect(ERROR_CODE_FAMILIES.membersOf('INVALID_ACCESS_TOKEN').filter((c) => c !== 'INVALID_ACCESS_TOKEN').sort()).toEqual(
      ['ACCESS_TOKEN_EXPIRED', 'INVALID_PROJECT_FOR_ACCESS_TOKEN', 'UNPARSABLE_ACCESS_TOKEN'],
    );
    expect(ERROR_CODE_FAMILIES.membersOf('REFRESH_TOKEN_ERROR').filter((c) => c !== 'REFRESH_TOKEN_ERROR').sort()).toEqual(
      ['CANNOT_DELETE_CURRENT_SESSION', 'PROVIDER_REJECTED', 'REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED'],
    );
    expect(isInvalidAccessTokenCode('ACCESS_TOKEN_EXPIRED')).toBe(true);
    expect(isInvalidAccessTokenCode('UNPARSABLE_ADMIN_ACCESS_TOKEN')).toBe(false);
    expect(isRefreshTokenErrorCode('PROVIDER_REJECTED')).toBe(true);
    expect(isRefreshTokenErrorCode('NOT_A_CODE')).toBe(false);
    expect(ERROR_CODE_FAMILIES.isInvalidAdminAccessTokenCode('ADMIN_ACCESS_TOKEN_EXPIRED')).toBe(true);
  });

  test('toJSON / knownErrorFromJSON survive structured clone', () => {
    const err = createKnownError('TEAM_NOT_FOUND', { team_id: 't1' });
    const back = knownErrorFromJSON(structuredClone(err.toJSON()));
    expect(back).toBeInstanceOf(KnownErrors.TeamNotFound);
    expect(back?.message).toBe('Team t1 not found.');
    expect(knownErrorFromJSON({ code: 'NEW_CODE', message: 'm' })).toBeInstanceOf(UnknownKnownError);
    expect(knownErrorFromJSON(42)).toBeNull();
  });
});

describe('decodeKnownError', () => {
  test('no header -> null', () => {
    expect(decodeKnownError(new Headers(), '{"code":"EMAIL_PASSWORD_MISMATCH"}')).toBeNull();
  });

  test('typed error with server message and details', () => {
    const err = decodeKnownError(
      ...jsonResponse('TEAM_MEMBERSHIP_NOT_FOUND', { code: 'TEAM_MEMBERSHIP_NOT_FOUND', details: { team_id: 't', user_id: 'u' }, error: 'User u is not found in team t.' }),
    );
    expect(err).toBeInstanceOf(KnownErrors.TeamMembershipNotFound);
    expect((err as KnownError).details).toEqual({ team_id: 't', user_id: 'u' });
    expect((err as KnownError).status).toBe(404);
    expect(err?.message).toBe('User u is not found in team t.');
  });

  test('header/body mismatch -> Error with the exact text', () => {
    const err = decodeKnownError(...jsonResponse('USER_NOT_FOUND', { code: 'TEAM_NOT_FOUND', error: 'x' }));
    expect(err).not.toBeInstanceOf(KnownError);
    expect(err?.message).toBe(KNOWN_ERROR_MISMATCH_MESSAGE);
    expect(KNOWN_ERROR_MISMATCH_MESSAGE).toBe(
      "Mismatch between x-stack-known-error header and error code in body; the server's response is invalid",
    );
  });

  test('missing details (PASSKEY_*, INVALID_SCOPE, BODY_PARSING_ERROR, INVALID_ACCESS_TYPE) do not crash', () => {
    for (const code of ['PASSKEY_REGISTRATION_FAILED', 'PASSKEY_AUTHENTICATION_FAILED', 'BODY_PARSING_ERROR', 'INVALID_SCOPE', 'INVALID_ACCESS_TYPE'] as const) {
      const err = decodeKnownError(...jsonResponse(code, { code, error: `server text for ${code}` }));
      expect(err).toBeInstanceOf(KnownError);
      expect((err as KnownError).details).toBeUndefined();
      expect(err?.message).toBe(`server text for ${code}`);
    }
  });

  test('missing error text falls back to the catalogue', () => {
    const err = decodeKnownError(...jsonResponse('EMAIL_PASSWORD_MISMATCH', { code: 'EMAIL_PASSWORD_MISMATCH' }));
    expect(err?.message).toBe('Wrong e-mail or password.');
  });

  test('unknown code -> UnknownKnownError naming the code', () => {
    const err = decodeKnownError(...jsonResponse('BRAND_NEW_CODE', { code: 'BRAND_NEW_CODE', error: 'Something new.' }));
    expect(err).toBeInstanceOf(UnknownKnownError);
    expect((err as UnknownKnownError).code).toBe('BRAND_NEW_CODE');
    expect(err?.message).toBe(
      'Unknown KnownError code. You may need to update your version of Stack to see more detailed information. BRAND_NEW_CODE: Something new.',
    );
  });

  test('non-JSON body -> mismatch Error', () => {
    const headers = new Headers({ 'x-stack-known-error': 'USER_NOT_FOUND' });
    expect(decodeKnownError(headers, 'User not found.')?.message).toBe(KNOWN_ERROR_MISMATCH_MESSAGE);
    expect(decodeKnownError(headers, '["USER_NOT_FOUND"]')?.message).toBe(KNOWN_ERROR_MISMATCH_MESSAGE);
  });

  test('overridden response (200 + actual-status) decodes the same once the pipeline restored the status', () => {
    const encoded = encodeKnownError('ACCESS_TOKEN_EXPIRED', { expired_at_millis: null });
    const headers = new Headers({ ...encoded.headers, 'x-stack-actual-status': String(encoded.status) });
    const err = decodeKnownError(headers, JSON.stringify(encoded.body));
    expect(err).toBeInstanceOf(KnownErrors.InvalidAccessToken);
    expect((err as KnownError).status).toBe(401);
  });

  test('the hexclave header wins when both are present', () => {
    const headers = new Headers({ 'x-stack-known-error': 'USER_NOT_FOUND', 'x-hexclave-known-error': 'TEAM_NOT_FOUND' });
    expect(decodeKnownError(headers, '{"code":"TEAM_NOT_FOUND"}')).toBeInstanceOf(KnownErrors.TeamNotFound);
  });

  test('an abstract code on the wire still classifies', () => {
    const err = decodeKnownError(...jsonResponse('REFRESH_TOKEN_ERROR', { code: 'REFRESH_TOKEN_ERROR', error: 'x' }));
    expect(err).toBeInstanceOf(KnownErrors.RefreshTokenError);
  });

  test('property: arbitrary header/body never throws', () => {
    const codeArb = fc.oneof(fc.constantFrom(...KNOWN_ERROR_CODES, '__proto__', 'constructor', 'toString', ''), fc.string());
    const bodyArb = fc.oneof(
      fc.string(),
      fc.json(),
      fc
        .record(
          { code: codeArb, error: fc.oneof(fc.string(), fc.jsonValue()), details: fc.oneof(fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue())) },
          { requiredKeys: [] },
        )
        .map((o) => JSON.stringify(o)),
    );
    fc.assert(
      fc.property(fc.option(codeArb, { nil: null }), bodyArb, (code, body) => {
        const headers = new Headers();
        // Header values cannot carry arbitrary characters; those cases are the Headers constructor's business.
        if (code !== null) {
          try {
            headers.set('x-stack-known-error', code);
          } catch {
            return;
          }
        }
        const result = decodeKnownError(headers, body);
        if (code === null) expect(result).toBeNull();
        else expect(result instanceof KnownError || result instanceof UnknownKnownError || result instanceof Error).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  test('property: matching code/body with arbitrary details yields the typed class', () => {
    fc.assert(
      fc.property(fc.constantFrom(...concreteCodes), fc.dictionary(fc.string(), fc.jsonValue()), (code, details) => {
        const err = decodeKnownError(...jsonResponse(code, { code, details }));
        expect(err).toBeInstanceOf(KnownErrors[pascalCaseCode(code) as keyof typeof KnownErrors]);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('encodeKnownError', () => {
  test.each(concreteCodes)('%s round-trips through the decoder in both dialects', (code: KnownErrorCode) => {
    for (const dialect of ['stack', 'current'] as const) {
      const encoded = encodeKnownError(code, undefined, { dialect });
      expect(encoded.status).toBe(knownErrorRow(code).status);
      expect(encoded.headers['x-stack-known-error']).toBe(code);
      expect(encoded.headers['content-type']).toBe('application/json; charset=utf-8');
      const err = decodeKnownError(new Headers(encoded.headers), JSON.stringify(encoded.body));
      expect(err).toBeInstanceOf(KnownErrors[pascalCaseCode(code) as keyof typeof KnownErrors]);
      expect((err as KnownError).status).toBe(encoded.status);
      expect(err?.message).toBe(encoded.body.error);
    }
  });

  test('stack dialect omits empty details and the codes it sends without details never send them', () => {
    expect(encodeKnownError('EMAIL_PASSWORD_MISMATCH').body).toEqual({ code: 'EMAIL_PASSWORD_MISMATCH', error: 'Wrong e-mail or password.' });
    expect('details' in encodeKnownError('USER_EMAIL_ALREADY_EXISTS', { email: 'a@b.co' }).body).toBe(false);
    const scope = encodeKnownError('INVALID_SCOPE', { scope: 'openid' });
    expect(scope.body).toEqual({ code: 'INVALID_SCOPE', error: 'The scope "openid" is not a valid OAuth scope for Stack.' });
    const mfa = encodeKnownError('MULTI_FACTOR_AUTHENTICATION_REQUIRED', { attempt_code: 'abc' });
    expect(mfa.body).toEqual({
      code: 'MULTI_FACTOR_AUTHENTICATION_REQUIRED',
      details: { attempt_code: 'abc' },
      error: 'Multi-factor authentication is required for this user.',
    });
  });

  test('current dialect always sends details for argument-taking codes and uses 2.8 texts', () => {
    const dup = encodeKnownError('USER_EMAIL_ALREADY_EXISTS', { email: 'a@b.co' }, { dialect: 'current' });
    expect(dup.body.details).toEqual({ email: 'a@b.co', would_work_if_email_was_verified: false });
    expect(dup.body.error).toBe('A user with email "a@b.co" already exists.');
    const bare = encodeKnownError('INVALID_PROJECT_FOR_ACCESS_TOKEN', { expected_project_id: 'p1', actual_project_id: 'p2' }, { dialect: 'current' });
    expect(bare.body.error).toBe('Access token not valid for this project. Expected project ID "p1", but the token is for project ID "p2".');
    expect(encodeKnownError('INVALID_SCOPE', { scope: 'x' }, { dialect: 'current' }).body.details).toEqual({ scope: 'x' });
    expect(encodeKnownError('TEAM_NOT_FOUND', undefined, { dialect: 'current' }).body.details).toEqual({});
    expect(encodeKnownError('EMAIL_PASSWORD_MISMATCH', undefined, { dialect: 'current' }).body.details).toBeUndefined();
  });

  test('a message override replaces the text (variable-text codes)', () => {
    const enc = encodeKnownError('BODY_PARSING_ERROR', undefined, { message: 'Invalid JSON in request body' });
    expect(enc.body).toEqual({ code: 'BODY_PARSING_ERROR', error: 'Invalid JSON in request body' });
    expect(encodeKnownError('SCHEMA_ERROR', { message: 'Request validation failed on GET /x:' }).body.error).toBe('Request validation failed on GET /x:');
  });

  test('abstract categories cannot be sent', () => {
    expect(() => encodeKnownError('REFRESH_TOKEN_ERROR')).toThrow(TypeError);
  });

  test('details texts of the 2.7 backend', () => {
    expect(createKnownError('INSUFFICIENT_ACCESS_TYPE', { actual_access_type: 'client', allowed_access_types: ['server', 'admin'] }).message).toBe(
      "The x-stack-access-type header must be 'server' or 'admin', but was 'client'.",
    );
    expect(createKnownError('INVALID_PUBLISHABLE_CLIENT_KEY', { project_id: 'p' }).message).toBe(
      'The publishable key is not valid for the project "p". Does the project and/or the key exist?',
    );
    expect(createKnownError('PASSWORD_TOO_LONG', { maxLength: 70 }).message).toBe('Password too long. Maximum length is 70.');
    expect(createKnownError('TEAM_PERMISSION_REQUIRED', { team_id: 't', user_id: 'u', permission_id: '$x' }).message).toBe(
      'User u does not have permission $x in team t.',
    );
    expect(createKnownError('ACCESS_TYPE_WITHOUT_PROJECT_ID', { request_type: 'client' }).message).toBe(
      "The x-stack-access-type header was 'client', but the x-stack-project-id header was not provided.\n\nFor more information, see the docs on REST API authentication: https://docs.stack-auth.com/rest-api/overview#authentication",
    );
    expect(createKnownError('ACCESS_TOKEN_EXPIRED', { expired_at_millis: 1e300 }).message).toBe(
      'Access token has expired. Please refresh it and try again.',
    );
  });
});
