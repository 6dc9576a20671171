// The hover docs of StackClientApp's methods, one `@example` each (docs/examples.test.ts compiles them), beside the
// class rather than in it, so that client-app.ts stays about the code within its size: the class implements this
// interface, and an editor shows a member's docs from here since the class member has none of its own.

/** `App` is StackClientApp, which passes itself: this file imports nothing, so no import circle. */
export interface StackClientAppDocs<App extends { [K in keyof StackClientAppDocs<never>]: unknown }> {
  /**
   * Resolves once the backend has told this tab the session state: status, user id, network. Never a token.
   *
   * @example
   * ```ts
   * const { status } = await app.getSessionSnapshot();
   * if (status === 'signed-out') await app.redirectToSignIn();
   * ```
   */
  getSessionSnapshot: App['getSessionSnapshot'];
  /**
   * Signs in with e-mail and password; every tab follows. A known error (wrong password, ...) comes back as a result.
   *
   * @example
   * ```ts
   * const result = await app.signInWithCredential({ email: 'ada@example.com', password: 'correct horse battery' });
   * if (result.status === 'error') console.log(result.error.message);
   * ```
   */
  signInWithCredential: App['signInWithCredential'];
  /**
   * Signs up with e-mail and password. `noVerificationCallback: true` sends no verification link (the SDK's option);
   * else the link leads to `verificationCallbackUrl`.
   *
   * @example
   * ```ts
   * const result = await app.signUpWithCredential({ email: 'ada@example.com', password: 'correct horse battery', noRedirect: true });
   * if (result.status === 'error') console.log(result.error.code); // e.g. USER_EMAIL_ALREADY_EXISTS
   * ```
   */
  signUpWithCredential: App['signUpWithCredential'];
  /**
   * Finishes a sign-in that needs the second factor: the TOTP and the `attempt_code` of its MULTI_FACTOR_AUTHENTICATION_REQUIRED
   * (`onTotpRequired` does this for you when given).
   *
   * @example
   * ```ts
   * import { KnownErrors } from 'authworker/errors';
   * const result = await app.signInWithCredential({ email: 'ada@example.com', password: 'correct horse battery' });
   * if (result.status === 'error' && result.error instanceof KnownErrors.MultiFactorAuthenticationRequired) {
   *   await app.signInWithMfa('123456', String(result.error.details?.attempt_code));
   * }
   * ```
   */
  signInWithMfa: App['signInWithMfa'];
  /**
   * Sends a sign-in e-mail with a link and a code; the worker keeps its nonce, so the code works in any tab of this browser.
   *
   * @example
   * ```ts
   * const sent = await app.sendMagicLinkEmail('ada@example.com');
   * if (sent.status === 'ok') console.log('Check your inbox.');
   * ```
   */
  sendMagicLinkEmail: App['sendMagicLinkEmail'];
  /**
   * Signs in with the code of a magic-link e-mail (the link's `code`, or the code typed in); every tab follows.
   *
   * @example
   * ```ts
   * const result = await app.signInWithMagicLink('K7Q2XZ');
   * if (result.status === 'ok' && result.data.isNewUser) console.log('Welcome!');
   * ```
   */
  signInWithMagicLink: App['signInWithMagicLink'];
  /**
   * Sends the password-reset e-mail; its link leads to the password-reset handler page (or `callbackUrl`).
   *
   * @example
   * ```ts
   * await app.sendForgotPasswordEmail('ada@example.com');
   * ```
   */
  sendForgotPasswordEmail: App['sendForgotPasswordEmail'];
  /**
   * Checks a password-reset code without using it: an expired or used code comes back as a result.
   *
   * @example
   * ```ts
   * const code = new URL(location.href).searchParams.get('code') ?? '';
   * if ((await app.verifyPasswordResetCode(code)).status === 'error') console.log('This link has expired.');
   * ```
   */
  verifyPasswordResetCode: App['verifyPasswordResetCode'];
  /**
   * Sets a new password with the code of a password-reset e-mail; the user's sessions end.
   *
   * @example
   * ```ts
   * const code = new URL(location.href).searchParams.get('code') ?? '';
   * await app.resetPassword({ code, password: 'a brand new password' });
   * ```
   */
  resetPassword: App['resetPassword'];
  /**
   * Verifies an e-mail address with the code of its verification e-mail.
   *
   * @example
   * ```ts
   * const code = new URL(location.href).searchParams.get('code') ?? '';
   * const result = await app.verifyEmail(code);
   * ```
   */
  verifyEmail: App['verifyEmail'];
  /**
   * Leaves for the provider's sign-in (through the API's authorize URL); the oauth-callback page finishes it, then goes to `returnTo`.
   *
   * @example
   * ```ts
   * await app.signInWithOAuth('github', { returnTo: '/dashboard' });
   * ```
   */
  signInWithOAuth: App['signInWithOAuth'];
  /**
   * On the oauth-callback page: exchanges the code (in the worker) and redirects; true when it did.
   *
   * @example
   * ```ts
   * if (!(await app.callOAuthCallback())) await app.redirectToSignIn();
   * ```
   */
  callOAuthCallback: App['callOAuthCallback'];
  /**
   * Signs in with a passkey of this browser (WebAuthn); a cancelled or failed ceremony comes back as a result.
   *
   * @example
   * ```ts
   * const result = await app.signInWithPasskey();
   * if (result.status === 'error') console.log(result.error.code); // e.g. PASSKEY_AUTHENTICATION_FAILED
   * ```
   */
  signInWithPasskey: App['signInWithPasskey'];
  /**
   * Passkey autofill: waits until the user picks a passkey from the browser's list under an input with
   * `autocomplete="username webauthn"`, then signs in. Null when the browser has no autofill or `signal` aborts.
   *
   * @example
   * ```ts
   * const controller = new AbortController();
   * const result = await app.signInWithPasskeyAutofill({ signal: controller.signal });
   * if (result?.status === 'error') console.log(result.error.message);
   * ```
   */
  signInWithPasskeyAutofill: App['signInWithPasskeyAutofill'];
  /**
   * Checks a team invitation code without accepting it.
   *
   * @example
   * ```ts
   * const code = new URL(location.href).searchParams.get('code') ?? '';
   * const valid = (await app.verifyTeamInvitationCode(code)).status === 'ok';
   * ```
   */
  verifyTeamInvitationCode: App['verifyTeamInvitationCode'];
  /**
   * The team an invitation code is for, to show before accepting it.
   *
   * @example
   * ```ts
   * const details = await app.getTeamInvitationDetails('K7Q2XZ');
   * if (details.status === 'ok') console.log(`Join ${details.data.teamDisplayName}?`);
   * ```
   */
  getTeamInvitationDetails: App['getTeamInvitationDetails'];
  /**
   * Joins the team of an invitation code as the signed-in user.
   *
   * @example
   * ```ts
   * const joined = await app.acceptTeamInvitation('K7Q2XZ');
   * if (joined.status === 'error') console.log(joined.error.message);
   * ```
   */
  acceptTeamInvitation: App['acceptTeamInvitation'];
  /**
   * Ends the session in every tab at once, then leaves for `redirectUrl` or `urls.afterSignOut` (trust-checked like
   * every redirect). The server revoke goes out in the background and waits for the API if it is unreachable.
   *
   * @example
   * ```ts
   * await app.signOut({ redirectUrl: '/' });
   * ```
   */
  signOut: App['signOut'];
  /**
   * The signed-in user, or what `or` says for a signed-out visitor: null (default), a redirect to sign-in, or an error.
   *
   * @example
   * ```ts
   * const user = await app.getUser();
   * if (user) await user.update({ displayName: 'Ada' });
   * ```
   */
  getUser: App['getUser'];
  /**
   * The project's client view: its name and which sign-in methods it enables.
   *
   * @example
   * ```ts
   * const project = await app.getProject();
   * if (project.config.magicLinkEnabled) await app.sendMagicLinkEmail('ada@example.com');
   * ```
   */
  getProject: App['getProject'];
  /**
   * The access token for the app's own backend; needs `exposeAccessToken: true` in the worker (else TokenNotExposedError).
   *
   * @example
   * ```ts
   * const token = await app.getAccessToken();
   * if (token) await fetch('/api/orders', { headers: { authorization: `Bearer ${token}` } });
   * ```
   */
  getAccessToken: App['getAccessToken'];
  /**
   * `{ accessToken, refreshToken: null }`: the refresh token never leaves the worker; the access token needs its opt-in.
   *
   * @example
   * ```ts
   * const { accessToken } = await app.getAuthJson();
   * ```
   */
  getAuthJson: App['getAuthJson'];
  /**
   * `Bearer stackauth_…` of `getAuthJson()` for a backend on another origin (null when signed out); same opt-in.
   *
   * @example
   * ```ts
   * const authorization = await app.getAuthorizationHeader();
   * if (authorization) await fetch('https://api.example.com/orders', { headers: { authorization } });
   * ```
   */
  getAuthorizationHeader: App['getAuthorizationHeader'];
  /**
   * The SDK's deprecated `{ 'x-stack-auth': … }`; same-origin backends get it from the worker's `forwardAuthTo`.
   *
   * @example
   * ```ts
   * await fetch('https://api.example.com/orders', { headers: await app.getAuthHeaders() });
   * ```
   */
  getAuthHeaders: App['getAuthHeaders'];
  /**
   * Rejects with TokenNotExposedError, which names what to call instead: the refresh token never leaves the worker.
   *
   * @example
   * ```ts
   * import { TokenNotExposedError } from 'authworker/errors';
   * await app.getRefreshToken().catch((error: unknown) => console.log(error instanceof TokenNotExposedError));
   * ```
   */
  getRefreshToken: App['getRefreshToken'];
  /**
   * Replaces `onTotpRequired` (the React provider installs its dialog this way); returns what puts it back.
   *
   * @example
   * ```ts
   * const restore = app.setTotpPrompt(async () => window.prompt('Six-digit code'));
   * restore();
   * ```
   */
  setTotpPrompt: App['setTotpPrompt'];
  /**
   * What this app's redirects may leave for: this page, `trustedDomains`, and the project's trusted domains and
   * allow-localhost setting. `isTrustedRedirect(url, await app.getRedirectTrust())` answers as the app follows.
   *
   * @example
   * ```ts
   * import { isTrustedRedirect } from 'authworker/errors';
   * const next = new URL(location.href).searchParams.get('next') ?? '/';
   * if (isTrustedRedirect(next, await app.getRedirectTrust())) location.assign(next);
   * ```
   */
  getRedirectTrust: App['getRedirectTrust'];
}
