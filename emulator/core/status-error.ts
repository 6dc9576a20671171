/** A handled non-known error: plain text with its status (the backend's StatusError). The app's error handler answers it. */
export class StatusError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'StatusError';
  }
}
