// vitest globalSetup for the whole suite: builds the emulator's database snapshot once (a few seconds the
// first time, a file read afterwards), so every test emulator starts from it in ~1 s. It only touches the
// cache file, and a failure never fails unrelated tests: emulator tests would then build the snapshot themselves.
import { ensureSnapshot } from '../../emulator/db/snapshot.ts';

export default async function setup(): Promise<void> {
  try {
    await ensureSnapshot();
  } catch (error) {
    console.warn('[emulator] could not prepare the database snapshot in globalSetup:', error);
  }
}
