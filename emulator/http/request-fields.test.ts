// Ties the emulator's shared request limits to the contract's (runtime/protocol/endpoints): the longest password
// and the code length each side accepts are the same, so neither can move alone.
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../runtime/protocol/endpoints.ts';
import { generateSecureRandomString } from '../../runtime/protocol/headers.ts';
import { codeField, passwordField } from './request-fields.ts';

const emulatorAccepts = (field: ReturnType<typeof passwordField>, value: string) => {
  const errors: string[] = [];
  field.parse(value, 'body.x', errors);
  return errors.length === 0;
};

describe('the emulator request limits are the contract limits', () => {
  it('password: the same longest password on both sides', () => {
    for (const length of [1, 69, 70, 71, 200]) {
      const password = 'p'.repeat(length);
      const contract = ENDPOINTS.passwordSignIn.body.safeParse({ email: 'a@b.co', password }).success;
      expect([length, emulatorAccepts(passwordField(), password)]).toEqual([length, contract]);
    }
  });

  it('one-time code: exactly the length of the codes minted, on both sides', () => {
    const minted = generateSecureRandomString();
    for (const code of [minted, minted.slice(1), `${minted}a`]) {
      const contract = ENDPOINTS.otpSignIn.body.safeParse({ code }).success;
      expect([code.length, emulatorAccepts(codeField(), code)]).toEqual([code.length, contract]);
    }
    expect(emulatorAccepts(codeField(), minted)).toBe(true);
  });
});
