import { HttpError } from '../../runtime/http/errors.ts';

/**
 * The one place where an error becomes the text a component shows: the backend's plain-text sentence for a
 * refused request (protocol.md §2), else the message's first paragraph (network errors append their
 * diagnostics, for developers, after a blank line).
 */
export function errorText(caught: unknown): string {
  if (caught instanceof HttpError && caught.status < 500 && caught.body) return caught.body;
  const message = caught instanceof Error ? caught.message : String(caught);
  return message.split('\n\n')[0] as string;
}
