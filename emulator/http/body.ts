// http/ (above domain/): the request pipeline: body, headers, project auth, schemas, endpoint specs, responses.
// Request body parsing by media type, as the backend's smart request.
import { KnownError } from '../core/known-errors.ts';
import { shorten } from './schema.ts';

/**
 * JSON.parse takes any depth, but printing or storing a value thousands of levels deep overflows the stack (the
 * backend answers such bodies with a 500). The emulator refuses them up front, with a known error.
 */
export const MAX_JSON_DEPTH = 512;

/** Depth of arrays/objects, walked without recursion; stops counting past MAX_JSON_DEPTH. */
function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop() as [unknown, number];
    if (typeof item !== 'object' || item === null) continue;
    if (depth > deepest) deepest = depth;
    if (deepest > MAX_JSON_DEPTH) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

export async function parseRequestBody(request: Request): Promise<unknown> {
  const contentType = request.headers.get('content-type')?.split(';')[0];
  const buffer = await request.arrayBuffer();
  const decodeText = () => {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
    } catch {
      throw new KnownError('BODY_PARSING_ERROR', { message: 'Request body cannot be parsed as UTF-8' });
    }
  };
  switch (contentType) {
    case undefined:
    case '':
      return undefined;
    case 'application/json': {
      const source = decodeText();
      let parsed: unknown;
      try {
        parsed = JSON.parse(source) as unknown;
      } catch {
        throw new KnownError('BODY_PARSING_ERROR', { message: 'Invalid JSON in request body' });
      }
      if (nestingDepth(parsed) > MAX_JSON_DEPTH) {
        throw new KnownError('BODY_PARSING_ERROR', { message: `Request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels)` });
      }
      return parsed;
    }
    case 'application/octet-stream':
      return new Uint8Array(buffer);
    case 'text/plain':
      return decodeText();
    case 'application/x-www-form-urlencoded':
      return Object.fromEntries(new URLSearchParams(decodeText()).entries());
    default:
      throw new KnownError('BODY_PARSING_ERROR', { message: `Unknown content type in request body: ${shorten(contentType, 200)}` });
  }
}
