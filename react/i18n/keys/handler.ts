// The handler pages' own words (react/handler/): the pages that complete a sign-in, sign out, show an error or a
// team invitation, and the handler's "not found".
export const handlerKeys = [
  'Page not found',
  'There is no handler page at {path}.',
  'This page is set to send you to an address this app does not trust, so you stay here.',
  'Signing you in…',
  'You are not signed in',
  'Sign-in could not continue',
  'The server stopped this with the code {code}. Go back and try again, or tell the app’s owner.',
  'This page was opened without saying what went wrong. Go back and try again.',
  'Signing out…',
  'This sign-in link has no code. Open the link from the e-mail again.',
  'This sign-in could not be completed. Please sign in again.',
  'Team invitation',
  'Checking your invitation…',
  'This invitation link has no code. Ask for a new one.',
  'You were invited to a team.',
  'Sign in to join it',
  'You are invited to join this team:',
  'Joining…',
  'Join team',
] as const;
