// Words several components share. Each key is the English text, as in the official SDK, so `translationOverrides`
// written for it (`{ 'Sign in': 'Log in' }`) work unchanged; `{name}` marks a value filled in at render.
export const commonKeys = [
  'Loading…',
  'Cancel',
  'Save',
  'Close',
  'Verify',
  'Try again',
  'Try again now',
  'This could not be shown',
  'An error we did not expect stopped this. Try again, and if it happens again, tell the app’s owner.',
  'Back to sign in',
  'You are offline. This needs a connection.',
] as const;
