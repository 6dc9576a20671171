// The discriminated known-error type: narrowing on `code` gives that code's `details` (checked by tsc in
// `npm run typecheck`; the runtime assertions check the guards themselves).
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createKnownError, isKnownError, isKnownErrorOf, KnownError, KnownErrors, UnknownKnownError, type KnownErrorFamily, type TypedKnownError } from './index.ts';

describe('TypedKnownError', () => {
  it('narrows details by code', () => {
    const error: unknown = new KnownErrors.UserWithEmailAlreadyExists('ada@example.com', true);
    if (!isKnownError(error)) throw new Error('expected a known error');
    expectTypeOf(error.code).toEqualTypeOf<TypedKnownError['code']>();
    if (error.code === 'USER_EMAIL_ALREADY_EXISTS') {
      expectTypeOf(error.details).toEqualTypeOf<{ email?: string; would_work_if_email_was_verified?: boolean } | undefined>();
      expect(error.details?.email).toBe('ada@example.com');
      expect(error.details?.would_work_if_email_was_verified).toBe(true);
    }
    const tooShort: unknown = new KnownErrors.PasswordTooShort(8);
    if (isKnownError(tooShort) && tooShort.code === 'PASSWORD_TOO_SHORT') {
      expectTypeOf(tooShort.details).toEqualTypeOf<{ min_length?: number } | undefined>();
      expect(tooShort.details?.min_length).toBe(8);
    } else {
      throw new Error('expected PASSWORD_TOO_SHORT');
    }
  });

  it('gives a code without details fields no field to read, and the 2.8 fields where that dialect adds some', () => {
    expectTypeOf<TypedKnownError<'USER_NOT_FOUND'>['details']>().toEqualTypeOf<Record<string, never> | undefined>();
    expectTypeOf<TypedKnownError<'ACCESS_TOKEN_EXPIRED'>['details']>().toEqualTypeOf<
      { expired_at_millis?: number | null; project_id?: string | null; user_id?: string | null; refresh_token_id?: string | null } | undefined
    >();
    // Still a KnownError: it goes wherever one is expected.
    expectTypeOf<TypedKnownError>().toExtend<KnownError>();
  });

  it('is false for a code the catalogue does not know and for other errors', () => {
    expect(isKnownError(new UnknownKnownError('SOME_NEWER_CODE', 'text'))).toBe(false);
    expect(isKnownError(new KnownError('SOME_NEWER_CODE', 400, 'text'))).toBe(false);
    expect(isKnownError(new Error('USER_NOT_FOUND'))).toBe(false);
    // A plain KnownError of a catalogue code (as the worker passes them on) is one.
    expect(isKnownError(new KnownError('USER_NOT_FOUND', 404, 'User not found.'))).toBe(true);
    expect(isKnownError(createKnownError('TEAM_NOT_FOUND', { team_id: 't1' }))).toBe(true);
  });

  it('isKnownErrorOf narrows to the codes of a family', () => {
    const error: unknown = createKnownError('ACCESS_TOKEN_EXPIRED', { expired_at_millis: 1 });
    expectTypeOf<KnownErrorFamily<'INVALID_ACCESS_TOKEN'>>().toEqualTypeOf<'INVALID_ACCESS_TOKEN' | 'UNPARSABLE_ACCESS_TOKEN' | 'ACCESS_TOKEN_EXPIRED' | 'INVALID_PROJECT_FOR_ACCESS_TOKEN'>();
    if (!isKnownErrorOf(error, 'INVALID_ACCESS_TOKEN')) throw new Error('expected the INVALID_ACCESS_TOKEN family');
    expectTypeOf(error.code).toEqualTypeOf<KnownErrorFamily<'INVALID_ACCESS_TOKEN'>>();
    if (error.code === 'ACCESS_TOKEN_EXPIRED') expect(error.details?.expired_at_millis).toBe(1);
    else throw new Error('expected ACCESS_TOKEN_EXPIRED');
  });
});
