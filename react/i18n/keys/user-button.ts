// The account menu (UserButton) and the avatar.
export const userButtonKeys = [
  'Account menu',
  'Account settings',
  'Toggle theme',
  'Not signed in',
  'Signing out did not finish. Please try again.',
  'Avatar of {name}',
  'Avatar',
] as const;
