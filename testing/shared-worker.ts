// setupFiles of the test files that share a worker (vitest.config.ts): whatever a file stubbed or spied on is put back
// when it ends, so the next file in the worker starts from the real globals, environment and timers.
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.useRealTimers();
  vi.restoreAllMocks();
});
