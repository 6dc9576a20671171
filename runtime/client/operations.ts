// What StackClientApp does on request (sign-in, recovery, the current user): one chunk, fetched right after
// start-up instead of on the page's initial path.
export * as signIn from './sign-in.ts';
export * as recovery from './password-and-verification.ts';
export { fetchCurrentUser } from './current-user.ts';
