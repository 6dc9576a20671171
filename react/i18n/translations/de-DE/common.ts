import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': 'Wird geladen…',
  'Cancel': 'Abbrechen',
  'Save': 'Speichern',
  'Close': 'Schließen',
  'Verify': 'Bestätigen',
  'Try again': 'Erneut versuchen',
  'Try again now': 'Jetzt erneut versuchen',
  'This could not be shown': 'Das kann nicht angezeigt werden',
  'An error we did not expect stopped this. Try again, and if it happens again, tell the app’s owner.': 'Ein unerwarteter Fehler hat dies gestoppt. Versuche es erneut, und wenn es wieder passiert, sag dem Betreiber der App Bescheid.',
  'Back to sign in': 'Zurück zur Anmeldung',
  'You are offline. This needs a connection.': 'Du bist offline. Dafür brauchst du eine Verbindung.',
} satisfies AreaTranslation<'common'>;
