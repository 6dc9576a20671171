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

/**
 * The sign-in or sign-up card (`type`) with every method the project enables. See docs/react.md, "Components".
 * @example
 * ```tsx
 * import { AuthPage } from 'authworker/react';
 * return <AuthPage type="sign-in" fullPage />;
 * ```
 */
export const AuthPage = /* @__PURE__ */ lazyComponent('AuthPage');
/**
 * The sign-in card: OAuth buttons, passkey, password and magic-link forms as the project enables them. See docs/react.md, "Components".
 * @example
 * ```tsx
 * import { SignIn } from 'authworker/react';
 * return <SignIn extraInfo="By signing in you accept the terms." />;
 * ```
 */
export const SignIn = /* @__PURE__ */ lazyComponent('SignIn');
/**
 * The sign-up card: the sign-up methods the project enables (a refusal when sign-up is off). See docs/react.md, "Components".
 * @example
 * ```tsx
 * import { SignUp } from 'authworker/react';
 * return <SignUp noPasswordRepeat />;
 * ```
 */
export const SignUp = /* @__PURE__ */ lazyComponent('SignUp');
/**
 * The e-mail and password sign-in form. See docs/react.md, "Components".
 * @example
 * ```tsx
 * import { CredentialSignIn } from 'authworker/react';
 * return <CredentialSignIn />;
 * ```
 */
export const CredentialSignIn = /* @__PURE__ */ lazyComponent('CredentialSignIn');
/**
 * The e-mail and password sign-up form (the password twice unless `noPasswordRepeat`). See docs/react.md, "Components".
 * @example
 * ```tsx
 * import { CredentialSignUp } from 'authworker/react';
 * return <CredentialSignUp noPasswordRepeat />;
 * ```
 */
export const CredentialSignUp = /* @__PURE__ */ lazyComponent('CredentialSignUp');
/**
 * The magic-link form, with entry of the e-mailed code. See docs/react.md, "Components".
 * @example
 * ```tsx
 * import { MagicLinkSignIn } from 'authworker/react';
 * return <MagicLinkSignIn />;
 * ```
 */
export const MagicLinkSignIn = /* @__PURE__ */ lazyComponent('MagicLinkSignIn');
/**
 * One OAuth provider's sign-in button. See docs/react.md, "Components".
 * @example
 * ```tsx
 * import { OAuthButton } from 'authworker/react';
 * return <OAuthButton provider="github" type="sign-in" />;
 * ```
 */
export const OAuthButton = /* @__PURE__ */ lazyComponent('OAuthButton');
/**
 * One button per OAuth provider the project enables. See docs/react.md, "Components".
 * @example
 * ```tsx
 * import { OAuthButtonGroup } from 'authworker/react';
 * return <OAuthButtonGroup type="sign-up" />;
 * ```
 */
export const OAuthButtonGroup = /* @__PURE__ */ lazyComponent('OAuthButtonGroup');
/**
 * Sends a password-reset link. See docs/react.md, "Components".
 * @example
 * ```tsx
 * import { ForgotPassword } from 'authworker/react';
 * return <ForgotPassword fullPage />;
 * ```
 */
export const ForgotPassword = /* @__PURE__ */ lazyComponent('ForgotPassword');
/**
 * Sets a new password from the e-mailed link's code. See docs/react.md, "Components".
 * @example
 * ```tsx
 * import { PasswordReset } from 'authworker/react';
 * // On the page the e-mailed link opens: the code comes from its URL.
 * return <PasswordReset fullPage />;
 * ```
 */
export const PasswordReset = /* @__PURE__ */ lazyComponent('PasswordReset');
/**
 * Verifies an e-mail address from the e-mailed link's code. See docs/react.md, "Components".
 * @example
 * ```tsx
 * import { EmailVerification } from 'authworker/react';
 * return <EmailVerification fullPage />;
 * ```
 */
export const EmailVerification = /* @__PURE__ */ lazyComponent('EmailVerification');
/**
 * A card with a title, a message and up to two actions. See docs/react.md, "Components".
 * @example
 * ```tsx
 * import { MessageCard } from 'authworker/react';
 * return (
 *   <MessageCard title="Check your inbox" primaryButtonText="Back home" primaryAction={() => location.assign('/')}>
 *     We sent you a link.
 *   </MessageCard>
 * );
 * ```
 */
export const MessageCard = /* @__PURE__ */ lazyComponent('MessageCard');
/**
 * A user's round avatar: image, initials or an outline. See docs/react.md, "Components".
 * @example
 * ```tsx
 * import { useUser } from 'authworker/react';
 * import { UserAvatar } from 'authworker/react';
 * const user = useUser();
 * return <UserAvatar user={user} size={40} />;
 * ```
 */
export const UserAvatar = /* @__PURE__ */ lazyComponent('UserAvatar');
/**
 * A listbox of teams that calls `onChange`. See docs/react.md, "Components".
 * @example
 * ```tsx
 * import { TeamSwitcher } from 'authworker/react';
 * return <TeamSwitcher onChange={async (team) => console.log('chose', team.displayName)} />;
 * ```
 */
export const TeamSwitcher = /* @__PURE__ */ lazyComponent('TeamSwitcher');
/**
 * A listbox of the user's teams that changes the selected team. See docs/react.md, "Components".
 * @example
 * ```tsx
 * import { SelectedTeamSwitcher } from 'authworker/react';
 * return <SelectedTeamSwitcher urlMap={(team) => `/teams/${team.id}`} />;
 * ```
 */
export const SelectedTeamSwitcher = /* @__PURE__ */ lazyComponent('SelectedTeamSwitcher');
/**
 * The account page: profile, e-mails, teams, password, two-factor, passkey, connected accounts, deletion. See docs/react.md, "Components".
 * @example
 * ```tsx
 * import { AccountSettings } from 'authworker/react';
 * return <AccountSettings fullPage />;
 * ```
 */
export const AccountSettings = /* @__PURE__ */ lazyComponent('AccountSettings');
/**
 * The account menu: the avatar opens a menu (arrow keys, Escape, focus returned) with the user on top,
 * "Account settings", your `extraItems`, "Toggle theme" with `colorModeToggle`, and "Sign out"; signed
 * out, "Sign in" and "Sign up".
 * @example
 * ```tsx
 * import { UserButton } from 'authworker/react';
 * return (
 *   <header>
 *     <UserButton showUserInfo colorModeToggle={() => void document.documentElement.classList.toggle('dark')} />
 *   </header>
 * );
 * ```
 */
export const UserButton = /* @__PURE__ */ lazyComponent('UserButton');
