import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': 'Wird geladen…',
  'Cancel': 'Abbrechen',
  'Save': 'Speichern',
  'Close': 'Schließen',
  'Verify': 'Bestätigen',
  'Try again': 'Erneut versuchen',
  'Try again now': 'Jetzt erneut versuchen',
  'Something went wrong': 'Etwas ist schiefgelaufen',
  'Back to sign in': 'Zurück zur Anmeldung',
  'You are offline. This needs a connection.': 'Du bist offline. Dafür brauchst du eine Verbindung.',
} satisfies AreaTranslation<'common'>;
