import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': 'Caricamento…',
  'Cancel': 'Annulla',
  'Save': 'Salva',
  'Close': 'Chiudi',
  'Verify': 'Verifica',
  'Try again': 'Riprova',
  'Try again now': 'Riprova ora',
  'This could not be shown': 'Impossibile mostrare questo contenuto',
  'An error we did not expect stopped this. Try again, and if it happens again, tell the app’s owner.': 'Un errore imprevisto ha interrotto l’operazione. Riprova e, se succede di nuovo, avvisa chi gestisce l’app.',
  'Back to sign in': 'Torna all’accesso',
  'You are offline. This needs a connection.': 'Sei offline. Qui serve una connessione.',
} satisfies AreaTranslation<'common'>;
