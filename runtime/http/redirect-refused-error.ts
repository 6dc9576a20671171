// A module of its own: the page's start-up code never needs it, only the lazily loaded error rebuilding.
/**
 * A request that carried a credential was answered with a redirect: it is never sent on (the credential
 * would go to the new URL too), so the redirect ends the request as a failure.
 */
export class RedirectRefusedError extends Error {
  override readonly name = 'RedirectRefusedError';
  readonly url: string;
  /** The redirect's status, or null for a browser's opaque redirect (the status is hidden from script). */
  readonly status: number | null;
  /** Where the redirect pointed, when the runtime lets us read it. */
  readonly location: string | null;

  constructor(url: string, status: number | null, location: string | null) {
    super(`Redirect${status === null ? '' : ` ${status}`}${location ? ` to ${location}` : ''} refused for ${url}: a request with credentials never follows one (check the API URL).`);
    this.url = url;
    this.status = status;
    this.location = location;
  }
}
