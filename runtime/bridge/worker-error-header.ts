/**
 * Set on answers the worker makes itself (offline, network, refused), so pages can tell them apart. A
 * module of its own: the page reads it only in its lazily loaded error rebuilding.
 */
export const WORKER_ERROR_HEADER = 'x-authworker-error';
