// The hover docs of StackClientApp's `redirectTo<Page>()` methods (made in the class's static block), one `@example`
// each: the class implements this interface, as it does client-app-docs.ts.

/** `App` is StackClientApp, which passes itself: this file imports nothing, so no import circle. */
export interface StackClientAppRedirectDocs<App extends { [K in keyof StackClientAppRedirectDocs<never>]: unknown }> {
  /**
   * Goes to the sign-in page (`urls.signIn`), trust-checked, as the SDK's `redirectToSignIn()`.
   *
   * @example
   * ```ts
   * await app.redirectToSignIn(); // comes back here after the sign-in
   * ```
   */
  redirectToSignIn: App['redirectToSignIn'];
  /**
   * Goes to the sign-up page (`urls.signUp`), trust-checked, as the SDK's `redirectToSignUp()`.
   *
   * @example
   * ```ts
   * await app.redirectToSignUp();
   * ```
   */
  redirectToSignUp: App['redirectToSignUp'];
  /**
   * Goes to the sign-out page (`urls.signOut`), trust-checked, as the SDK's `redirectToSignOut()`.
   *
   * @example
   * ```ts
   * await app.redirectToSignOut();
   * ```
   */
  redirectToSignOut: App['redirectToSignOut'];
  /**
   * Goes to where a sign-in ends (or its `after_auth_return_to`) (`urls.afterSignIn`), trust-checked, as the SDK's `redirectToAfterSignIn()`.
   *
   * @example
   * ```ts
   * await app.redirectToAfterSignIn();
   * ```
   */
  redirectToAfterSignIn: App['redirectToAfterSignIn'];
  /**
   * Goes to where a sign-up ends (or its `after_auth_return_to`) (`urls.afterSignUp`), trust-checked, as the SDK's `redirectToAfterSignUp()`.
   *
   * @example
   * ```ts
   * await app.redirectToAfterSignUp();
   * ```
   */
  redirectToAfterSignUp: App['redirectToAfterSignUp'];
  /**
   * Goes to where a sign-out ends (`urls.afterSignOut`), trust-checked, as the SDK's `redirectToAfterSignOut()`.
   *
   * @example
   * ```ts
   * await app.redirectToAfterSignOut();
   * ```
   */
  redirectToAfterSignOut: App['redirectToAfterSignOut'];
  /**
   * Goes to the home page (`urls.home`), trust-checked, as the SDK's `redirectToHome()`.
   *
   * @example
   * ```ts
   * await app.redirectToHome();
   * ```
   */
  redirectToHome: App['redirectToHome'];
  /**
   * Goes to the account settings page (`urls.accountSettings`), trust-checked, as the SDK's `redirectToAccountSettings()`.
   *
   * @example
   * ```ts
   * await app.redirectToAccountSettings();
   * ```
   */
  redirectToAccountSettings: App['redirectToAccountSettings'];
  /**
   * Goes to the e-mail verification page (`urls.emailVerification`), trust-checked, as the SDK's `redirectToEmailVerification()`.
   *
   * @example
   * ```ts
   * await app.redirectToEmailVerification();
   * ```
   */
  redirectToEmailVerification: App['redirectToEmailVerification'];
  /**
   * Goes to the password-reset page (`urls.passwordReset`), trust-checked, as the SDK's `redirectToPasswordReset()`.
   *
   * @example
   * ```ts
   * await app.redirectToPasswordReset();
   * ```
   */
  redirectToPasswordReset: App['redirectToPasswordReset'];
  /**
   * Goes to the forgot-password page (`urls.forgotPassword`), trust-checked, as the SDK's `redirectToForgotPassword()`.
   *
   * @example
   * ```ts
   * await app.redirectToForgotPassword();
   * ```
   */
  redirectToForgotPassword: App['redirectToForgotPassword'];
  /**
   * Goes to the magic-link callback page (`urls.magicLinkCallback`), trust-checked, as the SDK's `redirectToMagicLinkCallback()`.
   *
   * @example
   * ```ts
   * await app.redirectToMagicLinkCallback();
   * ```
   */
  redirectToMagicLinkCallback: App['redirectToMagicLinkCallback'];
  /**
   * Goes to the OAuth callback page (`urls.oauthCallback`), trust-checked, as the SDK's `redirectToOAuthCallback()`.
   *
   * @example
   * ```ts
   * await app.redirectToOAuthCallback();
   * ```
   */
  redirectToOAuthCallback: App['redirectToOAuthCallback'];
  /**
   * Goes to the error page (`urls.error`), trust-checked, as the SDK's `redirectToError()`.
   *
   * @example
   * ```ts
   * await app.redirectToError();
   * ```
   */
  redirectToError: App['redirectToError'];
  /**
   * Goes to the team invitation page (`urls.teamInvitation`), trust-checked, as the SDK's `redirectToTeamInvitation()`.
   *
   * @example
   * ```ts
   * await app.redirectToTeamInvitation();
   * ```
   */
  redirectToTeamInvitation: App['redirectToTeamInvitation'];
}
