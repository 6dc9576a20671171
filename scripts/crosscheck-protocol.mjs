// Runs the cross-check of the endpoint table and the error catalogue against protocol.md when the
// document is there, and says it is skipped when it is not (a clean clone has only the repository).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const path = process.env.AUTHWORKER_PROTOCOL_MD ?? fileURLToPath(new URL('../../shared/protocol.md', import.meta.url));
if (!existsSync(path)) {
  console.log(`crosscheck:protocol skipped: ${path} not found (set AUTHWORKER_PROTOCOL_MD to check against a copy).`);
  process.exit(0);
}
const run = spawnSync('node_modules/.bin/vitest', ['run', '--config', 'vitest.crosscheck.config.ts'], {
  stdio: 'inherit',
  env: { ...process.env, AUTHWORKER_PROTOCOL_MD: path },
});
process.exit(run.status ?? 1);
