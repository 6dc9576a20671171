import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': 'Caricamento…',
  'Cancel': 'Annulla',
  'Save': 'Salva',
  'Close': 'Chiudi',
  'Verify': 'Verifica',
  'Try again': 'Riprova',
  'Try again now': 'Riprova ora',
  'Something went wrong': 'Si è verificato un errore',
  'Back to sign in': 'Torna all’accesso',
  'You are offline. This needs a connection.': 'Sei offline. Qui serve una connessione.',
} satisfies AreaTranslation<'common'>;
