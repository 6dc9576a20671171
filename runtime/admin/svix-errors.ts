// What a call to the Svix API can fail with, besides fetch's own network TypeError and RedirectRefusedError.

/** Any failure the Svix client reports itself. */
export class SvixError extends Error {
  override name = 'SvixError';
}

/** The Svix server answered with an error status (401: the token is not valid for the app; 404, 422, 413…). */
export class SvixApiError extends SvixError {
  override name = 'SvixApiError';
  readonly status: number;
  /** Svix's error code (`authentication_failed`, `not_found`, `validation`…), or null when the body had none. */
  readonly code: string | null;
  /** Svix's explanation, or null. */
  readonly detail: string | null;

  constructor(status: number, code: string | null, detail: string | null) {
    super(`The webhook service refused the request (${status}${code === null ? '' : ` ${code}`})${detail === null ? '' : `: ${detail}`}`);
    this.status = status;
    this.code = code;
    this.detail = detail;
  }
}

/** A success answer that is not the JSON the Svix API defines (a wrong serverUrl answers so too). */
export class SvixResponseError extends SvixError {
  override name = 'SvixResponseError';
  readonly url: string;

  constructor(url: string, reason: string, options?: ErrorOptions) {
    super(`The webhook service at ${url} gave an answer that is not the Svix API's: ${reason}`, options);
    this.url = url;
  }
}
