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

export const AuthPage = /* @__PURE__ */ lazyComponent('AuthPage');
export const SignIn = /* @__PURE__ */ lazyComponent('SignIn');
export const SignUp = /* @__PURE__ */ lazyComponent('SignUp');
export const CredentialSignIn = /* @__PURE__ */ lazyComponent('CredentialSignIn');
export const CredentialSignUp = /* @__PURE__ */ lazyComponent('CredentialSignUp');
export const MagicLinkSignIn = /* @__PURE__ */ lazyComponent('MagicLinkSignIn');
export const OAuthButton = /* @__PURE__ */ lazyComponent('OAuthButton');
export const OAuthButtonGroup = /* @__PURE__ */ lazyComponent('OAuthButtonGroup');
export const ForgotPassword = /* @__PURE__ */ lazyComponent('ForgotPassword');
export const PasswordReset = /* @__PURE__ */ lazyComponent('PasswordReset');
export const EmailVerification = /* @__PURE__ */ lazyComponent('EmailVerification');
export const MessageCard = /* @__PURE__ */ lazyComponent('MessageCard');
export const UserAvatar = /* @__PURE__ */ lazyComponent('UserAvatar');
export const TeamSwitcher = /* @__PURE__ */ lazyComponent('TeamSwitcher');
export const SelectedTeamSwitcher = /* @__PURE__ */ lazyComponent('SelectedTeamSwitcher');
export const AccountSettings = /* @__PURE__ */ lazyComponent('AccountSettings');
