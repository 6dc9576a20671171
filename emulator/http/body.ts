// Request body parsing by media type, as the backend's smart request (protocol.md §2).
import { KnownError } from './known-errors.ts';

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
      try {
        return JSON.parse(source) as unknown;
      } catch {
        throw new KnownError('BODY_PARSING_ERROR', { message: 'Invalid JSON in request body' });
      }
    }
    case 'application/octet-stream':
      return new Uint8Array(buffer);
    case 'text/plain':
      return decodeText();
    case 'application/x-www-form-urlencoded':
      return Object.fromEntries(new URLSearchParams(decodeText()).entries());
    default:
      throw new KnownError('BODY_PARSING_ERROR', { message: `Unknown content type in request body: ${contentType}` });
  }
}
