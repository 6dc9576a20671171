// What StackClientApp does on request (sign-in, recovery, the current user): one chunk, fetched right after
// start-up instead of on the page's initial path.
export * as signIn from './sign-in.ts';
export * as recovery from './password-and-verification.ts';
export * as oauth from './oauth.ts';
export * as passkeys from './passkeys.ts';
export * as teams from './teams.ts';
export { fetchCurrentUser } from './current-user.ts';
