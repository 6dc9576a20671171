// Flow rules shared by the page and the worker: redirect trust, handler URLs, validation rules.
export * from './redirect-trust.ts';
export * from './handler-urls.ts';
export * from './callback-urls.ts';
export * from './production-mode.ts';
export * from './password-rules.ts';
export * from './token-rules.ts';
export * from './api-key-validity.ts';
export * from './passkey-options.ts';
export * from './mfa.ts';
export * from './oauth.ts';
