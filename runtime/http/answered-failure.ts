// The words of a request that gave up although the server answered each time (429s, a request loop, an access
// token refused after every refresh): what it answered, never "Unable to connect". Worker and server only; the
// page rebuilds the worker's message as it is.

/** What to do about the status a server kept answering. */
const ADVICE: Record<number, string> = {
  429: 'It kept asking to slow down: try again later.',
  508: 'It saw a request loop: check that the API URL does not lead back to this app.',
  401: 'It refused the access token after each refresh: sign in again.',
};

/**
 * The first lines of the NetworkError for `url` after `attempts` attempts, `statuses` being the answers that came
 * (an attempt without an answer has none), or null when no attempt was answered (then "Unable to connect" is true).
 */
export function answeredFailureText(url: string, attempts: number, statuses: readonly number[]): string | null {
  if (statuses.length === 0) return null;
  const said = [...new Set(statuses)].join(' or ');
  const times = statuses.length < attempts ? `on ${statuses.length} of ${attempts} attempts (no answer to the others)` : `on every attempt (${attempts})`;
  return `${url} answered ${said} ${times}. ${ADVICE[statuses.at(-1) ?? 0] ?? 'Check the API URL and the server’s logs.'}`;
}
