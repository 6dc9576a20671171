// Undoes `x-stack-override-error-status`: the backend answers 200 + x-stack-actual-status.

import { HEADER } from '../protocol/headers.ts';

/** The real status carried by an overridden response, or null when the response was not overridden. */
export function readActualStatus(headers: Headers): number | null {
  const raw = headers.get(HEADER.actualStatus);
  if (raw === null || !/^\s*\d{3}\s*$/.test(raw)) return null;
  const status = Number(raw);
  return status >= 200 && status <= 599 ? status : null;
}

/** Rebuilds the response with its actual status; headers and the unread body are kept. */
export function restoreActualStatus(response: Response): Response {
  const status = readActualStatus(response.headers);
  if (status === null || status === response.status) return response;
  return new Response(response.body, { status, statusText: '', headers: response.headers });
}
