// The components as `authworker/react` exports them: each loads its code with its first render, so an app's
// initial bundle holds none of them (the size budget), and `<SignIn />` never loads the account settings.
// Each call is pure: an app that imports none of them keeps none of these lines.
import { lazy, Suspense } from 'react';
import type { ComponentRegistry } from './registry.ts';

/** The component of `name`, loaded with its first render inside an error boundary; nothing shows meanwhile. */
function lazyComponent<Name extends keyof ComponentRegistry>(name: Name): ComponentRegistry[Name] {
  const Loaded = lazy(() => import('./registry.ts').then((registry) => registry.loadComponent(name)));
  return ((props: object) => (
    <Suspense>
      <Loaded {...props} />
    </Suspense>
  )) as ComponentRegistry[Name];
}

/** The sign-in or sign-up card (`type`) with every method the project enables. See docs/react.md, "Components". */
export const AuthPage = /* @__PURE__ */ lazyComponent('AuthPage');
/** The sign-in card: OAuth buttons, passkey, password and magic-link forms as the project enables them. See docs/react.md, "Components". */
export const SignIn = /* @__PURE__ */ lazyComponent('SignIn');
/** The sign-up card: the sign-up methods the project enables (a refusal when sign-up is off). See docs/react.md, "Components". */
export const SignUp = /* @__PURE__ */ lazyComponent('SignUp');
/** The e-mail and password sign-in form. See docs/react.md, "Components". */
export const CredentialSignIn = /* @__PURE__ */ lazyComponent('CredentialSignIn');
/** The e-mail and password sign-up form (the password twice unless `noPasswordRepeat`). See docs/react.md, "Components". */
export const CredentialSignUp = /* @__PURE__ */ lazyComponent('CredentialSignUp');
/** The magic-link form, with entry of the e-mailed code. See docs/react.md, "Components". */
export const MagicLinkSignIn = /* @__PURE__ */ lazyComponent('MagicLinkSignIn');
/** One OAuth provider's sign-in button. See docs/react.md, "Components". */
export const OAuthButton = /* @__PURE__ */ lazyComponent('OAuthButton');
/** One button per OAuth provider the project enables. See docs/react.md, "Components". */
export const OAuthButtonGroup = /* @__PURE__ */ lazyComponent('OAuthButtonGroup');
/** Sends a password-reset link. See docs/react.md, "Components". */
export const ForgotPassword = /* @__PURE__ */ lazyComponent('ForgotPassword');
/** Sets a new password from the e-mailed link's code. See docs/react.md, "Components". */
export const PasswordReset = /* @__PURE__ */ lazyComponent('PasswordReset');
/** Verifies an e-mail address from the e-mailed link's code. See docs/react.md, "Components". */
export const EmailVerification = /* @__PURE__ */ lazyComponent('EmailVerification');
/** A card with a title, a message and up to two actions. See docs/react.md, "Components". */
export const MessageCard = /* @__PURE__ */ lazyComponent('MessageCard');
/** A user's round avatar: image, initials or an outline. See docs/react.md, "Components". */
export const UserAvatar = /* @__PURE__ */ lazyComponent('UserAvatar');
/** A select of teams that calls `onChange`. See docs/react.md, "Components". */
export const TeamSwitcher = /* @__PURE__ */ lazyComponent('TeamSwitcher');
/** A select of the user's teams that changes the selected team. See docs/react.md, "Components". */
export const SelectedTeamSwitcher = /* @__PURE__ */ lazyComponent('SelectedTeamSwitcher');
/** The account page: profile, e-mails, teams, password, two-factor, passkey, connected accounts, deletion. See docs/react.md, "Components". */
export const AccountSettings = /* @__PURE__ */ lazyComponent('AccountSettings');
