import { readFileSync } from 'node:fs';

/** The text of protocol.md, from the path scripts/crosscheck-protocol.mjs puts in AUTHWORKER_PROTOCOL_MD. */
export function readProtocolMd(): string {
  const path = process.env.AUTHWORKER_PROTOCOL_MD;
  if (!path) throw new Error('AUTHWORKER_PROTOCOL_MD is not set: run `npm run crosscheck:protocol -- <path to protocol.md>`.');
  return readFileSync(path, 'utf8');
}
