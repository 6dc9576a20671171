import { describe, expect, it } from 'vitest';
import { encodeKnownError } from './known-errors.ts';

const wire = (e: ReturnType<typeof encodeKnownError>) => ({ status: e.status, body: e.body });

describe('encodeKnownError (shared catalogue of runtime/protocol)', () => {
  it('omits details for codes without them', () => {
    expect(wire(encodeKnownError('EMAIL_PASSWORD_MISMATCH'))).toEqual({
      status: 400,
      body: { code: 'EMAIL_PASSWORD_MISMATCH', error: 'Wrong e-mail or password.' },
    });
    expect(wire(encodeKnownError('USER_EMAIL_ALREADY_EXISTS', { email: 'a@b.co', would_work_if_email_was_verified: false }))).toEqual({
      status: 409,
      body: { code: 'USER_EMAIL_ALREADY_EXISTS', error: 'User email already exists.' },
    });
  });

  it('sends details objects and the current-dialect (2.8) texts', () => {
    const current = encodeKnownError('USER_EMAIL_ALREADY_EXISTS', { email: 'a@b.co' }, 'current');
    expect(current.headers['x-stack-known-error']).toBe('USER_EMAIL_ALREADY_EXISTS');
    expect(wire(current)).toEqual({
      status: 409,
      body: {
        code: 'USER_EMAIL_ALREADY_EXISTS',
        details: { email: 'a@b.co', would_work_if_email_was_verified: false },
        error: 'A user with email "a@b.co" already exists.',
      },
    });
    expect(wire(encodeKnownError('ACCESS_TOKEN_EXPIRED', { expired_at_millis: 0, project_id: 'p' }))).toEqual({
      status: 401,
      body: {
        code: 'ACCESS_TOKEN_EXPIRED',
        details: { expired_at_millis: 0 },
        error: 'Access token has expired. Please refresh it and try again. (The access token expired at 1970-01-01T00:00:00.000Z.)',
      },
    });
    expect(encodeKnownError('INSUFFICIENT_ACCESS_TYPE', { actual_access_type: 'client', allowed_access_types: ['server', 'admin'] }).body.error).toBe(
      "The x-stack-access-type header must be 'server' or 'admin', but was 'client'.",
    );
  });
});
