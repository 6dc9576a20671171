// The error of an official SDK name or option authworker keeps but cannot honour; the message says why and what instead.

export class NotImplementedError extends Error {
  override name = 'NotImplementedError';
}
