// Runs the cross-check of the endpoint table and the error catalogue against a copy of protocol.md whose path
// is given (`npm run crosscheck:protocol -- <path>` or AUTHWORKER_PROTOCOL_MD): the document is not in the
// repository, so without a path the check is skipped and says so.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const given = process.argv[2] ?? process.env.AUTHWORKER_PROTOCOL_MD;
if (!given) {
  console.log('crosscheck:protocol skipped: no protocol document given (npm run crosscheck:protocol -- <path to protocol.md>, or set AUTHWORKER_PROTOCOL_MD).');
  process.exit(0);
}
const path = resolve(given);
if (!existsSync(path)) {
  console.error(`crosscheck:protocol: ${path} not found.`);
  process.exit(1);
}
const run = spawnSync('node_modules/.bin/vitest', ['run', '--config', 'vitest.crosscheck.config.ts'], {
  stdio: 'inherit',
  env: { ...process.env, AUTHWORKER_PROTOCOL_MD: path },
});
process.exit(run.status ?? 1);
