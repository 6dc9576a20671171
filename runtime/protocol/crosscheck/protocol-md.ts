import { readFileSync } from 'node:fs';

/** Where protocol.md lives: AUTHWORKER_PROTOCOL_MD, else ../shared/protocol.md beside the checkout. */
const PROTOCOL_MD_PATH = process.env.AUTHWORKER_PROTOCOL_MD ?? new URL('../../../../shared/protocol.md', import.meta.url).pathname;

export function readProtocolMd(): string {
  return readFileSync(PROTOCOL_MD_PATH, 'utf8');
}
