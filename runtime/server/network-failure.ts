// A server's token checks that did not get the API's answer: said as what happened, never "Unable to connect" when
// the server did answer (a wrong API URL's 404), and with no empty diagnostics.
import { causeText, NetworkError } from '../http/errors.ts';

/** The NetworkError for `url`; `answered` is the status of an answer that was not the API's, under its diagnostics name. */
export function tokenCheckFailure(cause: unknown, url: string, answered?: { name: string; status: number }): NetworkError {
  const error = new NetworkError(cause, answered ? { [answered.name]: answered.status } : {}, url);
  error.message = answered
    ? `${url} answered ${answered.status}, which is not an answer of the API. Check the API URL: the server's base URL (an /api/v1 at its end is taken off).\n\n${causeText(cause)}`
    : `Unable to connect to ${url}. Check the internet connection, the API URL and that its server is up, then try again.\n\n${causeText(cause)}`;
  return error;
}
