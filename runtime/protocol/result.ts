// The official SDK's result shape for errors that are expected outcomes rather than exceptions.

export type Result<T, E = Error> = { status: 'ok'; data: T } | { status: 'error'; error: E };

export const ok = <T>(data: T): Result<T, never> => ({ status: 'ok', data });
export const err = <E>(error: E): Result<never, E> => ({ status: 'error', error });
