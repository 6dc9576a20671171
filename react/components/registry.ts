// Where each public component's code is: the lazy exports of lazy.tsx load this small module first, so the
// page's initial bundle holds one import and a name per component instead of one import each.
import type { ComponentType } from 'react';
import { guarded } from './error-boundary.tsx';

const LOADERS = {
  AuthPage: () => import('./auth-page.tsx').then((m) => m.AuthPage),
  SignIn: () => import('./auth-page.tsx').then((m) => m.SignIn),
  SignUp: () => import('./auth-page.tsx').then((m) => m.SignUp),
  CredentialSignIn: () => import('./credential-forms.tsx').then((m) => m.CredentialSignIn),
  CredentialSignUp: () => import('./credential-forms.tsx').then((m) => m.CredentialSignUp),
  MagicLinkSignIn: () => import('./magic-link-sign-in.tsx').then((m) => m.MagicLinkSignIn),
  OAuthButton: () => import('./oauth-buttons.tsx').then((m) => m.OAuthButton),
  OAuthButtonGroup: () => import('./oauth-buttons.tsx').then((m) => m.OAuthButtonGroup),
  ForgotPassword: () => import('./forgot-password.tsx').then((m) => m.ForgotPassword),
  PasswordReset: () => import('./password-reset.tsx').then((m) => m.PasswordReset),
  EmailVerification: () => import('./email-verification.tsx').then((m) => m.EmailVerification),
  MessageCard: () => import('./message-card.tsx').then((m) => m.MessageCard),
  UserButton: () => import('./user-button.tsx').then((m) => m.UserButton),
  UserAvatar: () => import('./user-avatar.tsx').then((m) => m.UserAvatar),
  TeamSwitcher: () => import('./team-switcher.tsx').then((m) => m.TeamSwitcher),
  SelectedTeamSwitcher: () => import('./team-switcher.tsx').then((m) => m.SelectedTeamSwitcher),
  AccountSettings: () => import('./account-settings.tsx').then((m) => m.AccountSettings),
};

/** Each public component's name and its type (generic ones stay generic). */
export type ComponentRegistry = { [Name in keyof typeof LOADERS]: Awaited<ReturnType<(typeof LOADERS)[Name]>> };

/** The component of `name`, inside an error boundary, as `React.lazy` takes it. */
export async function loadComponent(name: keyof ComponentRegistry): Promise<{ default: ComponentType<object> }> {
  return { default: guarded((await LOADERS[name]()) as ComponentType<object>) };
}
