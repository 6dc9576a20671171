// The official @stackframe/react exports the client app too: the same class as `authworker`'s (one module, one chunk).
export { StackClientApp, type StackClientAppOptions } from '../runtime/client/app/client-app.ts';
export { AuthProvider, StackProvider, type AuthProviderProps } from './provider.tsx';
export { useStackApp, useSession, useUser, useUserState, type UseUserOptions } from './hooks.ts';
export { usePasskeyAutofill, type PasskeyAutofill } from './hooks.ts';
export { useProject } from './project.ts';
export { useContactChannels, useConnectedAccount } from './user-reads.ts';
export { useTeams, useTeam, usePermissions, usePermission, useTeamInvitations, useTeamUsers, useTeamProfile } from './teams.ts';
export { SignedIn, SignedOut } from './controls.tsx';
export { AuthDevtools, type AuthDevtoolsProps } from './devtools.tsx';
export { AuthHandler, StackHandler } from './handler/lazy-auth-handler.tsx';
export type { AuthHandlerProps } from './handler/auth-handler.tsx';
export { StackTheme, type StackThemeProps, type ThemeColors, type ThemeConfig } from './components/stack-theme.tsx';
export {
  AccountSettings,
  AuthPage,
  CredentialSignIn,
  CredentialSignUp,
  EmailVerification,
  ForgotPassword,
  MagicLinkSignIn,
  MessageCard,
  OAuthButton,
  OAuthButtonGroup,
  PasswordReset,
  SelectedTeamSwitcher,
  SignIn,
  SignUp,
  TeamSwitcher,
  UserAvatar,
  UserButton,
} from './components/lazy.tsx';
export type { AccountSettingsItem, AccountSettingsProps } from './components/account-settings.tsx';
export type { AuthPageProps, SignInProps, SignUpProps } from './components/auth-page.tsx';
export type { CredentialSignUpProps } from './components/credential-forms.tsx';
export type { EmailVerificationProps } from './components/email-verification.tsx';
export type { ForgotPasswordProps } from './components/forgot-password.tsx';
export type { MessageCardProps } from './components/message-card.tsx';
export type { OAuthButtonGroupProps, OAuthButtonProps } from './components/oauth-buttons.tsx';
export type { PasswordResetProps } from './components/password-reset.tsx';
export type { SelectedTeamSwitcherProps, SwitcherTeam, TeamSwitcherProps } from './components/team-switcher.tsx';
export type { UserAvatarProps } from './components/user-avatar.tsx';
export type { UserButtonProps, UserButtonItem } from './components/user-button.tsx';
