import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Page not found': 'Seite nicht gefunden',
  'There is no handler page at {path}.': 'Unter {path} gibt es keine Seite.',
  'This page is set to send you to an address this app does not trust, so you stay here.': 'Diese Seite würde dich an eine Adresse schicken, der diese App nicht vertraut. Du bleibst deshalb hier.',
  'Signing you in…': 'Du wirst angemeldet…',
  'You are not signed in': 'Du bist nicht angemeldet',
  'Sign-in could not continue': 'Die Anmeldung konnte nicht fortgesetzt werden',
  'The server stopped this with the code {code}. Go back and try again, or tell the app’s owner.': 'Der Server hat dies mit dem Code {code} abgebrochen. Geh zurück und versuche es erneut, oder sag dem Betreiber der App Bescheid.',
  'This page was opened without saying what went wrong. Go back and try again.': 'Diese Seite wurde geöffnet, ohne zu sagen, was schiefgelaufen ist. Geh zurück und versuche es erneut.',
  'Signing out…': 'Du wirst abgemeldet…',
  'This sign-in link has no code. Open the link from the e-mail again.': 'Dieser Anmeldelink enthält keinen Code. Öffne den Link aus der E-Mail noch einmal.',
  'This sign-in could not be completed. Please sign in again.': 'Die Anmeldung konnte nicht abgeschlossen werden. Bitte melde dich erneut an.',
  'Team invitation': 'Team-Einladung',
  'Checking your invitation…': 'Deine Einladung wird geprüft…',
  'This invitation link has no code. Ask for a new one.': 'Dieser Einladungslink enthält keinen Code. Bitte um einen neuen.',
  'You were invited to a team.': 'Du wurdest in ein Team eingeladen.',
  'Sign in to join it': 'Melde dich an, um beizutreten',
  'You are invited to join this team:': 'Du bist eingeladen, diesem Team beizutreten:',
  'Joining…': 'Wird beigetreten…',
  'Join team': 'Team beitreten',
} satisfies AreaTranslation<'handler'>;
