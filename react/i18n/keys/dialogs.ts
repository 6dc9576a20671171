// The dialogs' words: the TOTP dialog AuthProvider opens when a sign-in needs the second factor.
export const dialogKeys = [
  'Two-factor authentication',
  'Code from your authenticator app',
  'Enter the six-digit code from your authenticator app.',
] as const;
