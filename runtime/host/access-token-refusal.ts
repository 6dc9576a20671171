// The session host's refusal of `getAccessToken` without `exposeAccessToken`: the page rethrows it as TokenNotExposedError.
export const ACCESS_TOKEN_NOT_EXPOSED_MESSAGE = 'authworker: getAccessToken() is disabled. Set exposeAccessToken: true in the worker options to allow it.';
