// Shared by the admin integration test files: one in-process emulator per file, and apps wired to it.
import { afterAll, beforeAll } from 'vitest';
import { createTestEmulator, TEST_ORIGIN, type TestEmulator } from '../emulator/emulator.ts';
import { DEMO_PROJECT, INTERNAL_PROJECT } from '../../emulator/domain/seed.ts';
import { StackServerApp } from '../../runtime/server/server-app.ts';
import { StackAdminApp } from '../../runtime/admin/admin-app.ts';
import { ProjectOwner } from '../../runtime/admin/project-owner.ts';

/** Starts an emulator for the calling test file (before/after all) and returns apps bound to it. */
export function emulatorKit() {
  let current: TestEmulator | undefined;
  beforeAll(async () => {
    current = await createTestEmulator();
  });
  afterAll(() => current?.close());

  const emu = (): TestEmulator => {
    if (!current) throw new Error('the emulator starts in beforeAll');
    return current;
  };
  const emulatorFetch = (): typeof fetch => (input, init) => Promise.resolve(emu().app.request(input instanceof Request ? input : String(input), init));
  const adminApp = (superSecretAdminKey = DEMO_PROJECT.superSecretAdminKey): StackAdminApp =>
    new StackAdminApp({ projectId: DEMO_PROJECT.id, superSecretAdminKey, baseUrl: TEST_ORIGIN, fetch: emulatorFetch() });
  /** A user of the internal project who owns the given projects, signed in (tokens from a server-created session). */
  const demoOwnerTokens = async (managedProjectIds: string[] = [DEMO_PROJECT.id]) => {
    const internal = new StackServerApp({ projectId: INTERNAL_PROJECT.id, secretServerKey: INTERNAL_PROJECT.secretServerKey, baseUrl: TEST_ORIGIN, fetch: emulatorFetch() });
    const owner = await internal.createUser({ primaryEmail: `owner-${crypto.randomUUID()}@example.com`, serverMetadata: { managedProjectIds } });
    return owner.createSession();
  };
  const projectOwner = (tokens: { accessToken: string | null; refreshToken: string }): ProjectOwner =>
    new ProjectOwner({ baseUrl: TEST_ORIGIN, publishableClientKey: INTERNAL_PROJECT.publishableClientKey, session: tokens, fetch: emulatorFetch() });
  return { emu, emulatorFetch, adminApp, demoOwnerTokens, projectOwner };
}
