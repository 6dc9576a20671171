// What the emulator logs about a database error never includes the statement's parameters (issue 32.5: a NUL in an
// endpoint once made the log print the endpoint's signing secret).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestEmulator, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { describeError } from './describe-error.ts';

let emu: TestEmulator;
beforeAll(async () => {
  emu = await createTestEmulator();
});
afterAll(() => emu.close());

it('a failed insert is described by class, code and message only: no parameter (a signing secret here) appears', async () => {
  const secret = `whsec_${btoa('a-secret-that-must-not-be-logged')}`;
  const error = await emu.db
    .insertInto('webhook_endpoints')
    .values({ id: 'ep_x', project_id: 'no-such-project', url: 'http://localhost:3000/\u0000', description: '', secret, created_at_millis: 0 })
    .execute()
    .then(
      () => null,
      (e: unknown) => e,
    );
  expect(error).toBeInstanceOf(Error);
  // PGlite's error object does carry it (which is why it is never logged as is); pg's keeps the values in `detail`.
  if (process.env.EMULATOR_TEST_DATABASE !== 'postgres') expect(JSON.stringify(Object.entries(error as object))).toContain(secret);
  const described = describeError(error);
  expect(described).not.toContain(secret);
  expect(described).toMatch(/^\w+( \[\w+\])?: .+/);
});

it('non-errors are described without being printed whole', () => {
  expect(describeError({ token: 'x' })).toBe('a non-Error value was thrown');
  expect(describeError('plain text')).toBe('plain text');
});
