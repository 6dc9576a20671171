// Shared by the server integration test files: the demo project's server app on an in-process emulator.
import { TEST_ORIGIN, type TestEmulator } from '../emulator/emulator.ts';
import { DEMO_PROJECT } from '../../emulator/domain/seed.ts';
import { StackServerApp } from '../../runtime/server/server-app.ts';

/** A fetch answered by `emu`'s app in process (no socket). */
export const fetchFrom =
  (emu: TestEmulator): typeof fetch =>
  (input, init) =>
    Promise.resolve(emu.app.request(input instanceof Request ? input : String(input), init));

export function serverAppOn(emu: TestEmulator, overrides: Partial<ConstructorParameters<typeof StackServerApp>[0]> = {}): StackServerApp {
  return new StackServerApp({
    projectId: DEMO_PROJECT.id,
    secretServerKey: DEMO_PROJECT.secretServerKey,
    baseUrl: TEST_ORIGIN,
    fetch: fetchFrom(emu),
    ...overrides,
  });
}

export const uniqueEmail = (tag: string) => `${tag}-${crypto.randomUUID()}@example.com`;
