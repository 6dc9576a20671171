import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': 'Caricamento…',
  'Cancel': 'Annulla',
  'Save': 'Salva',
  'Close': 'Chiudi',
} satisfies AreaTranslation<'common'>;
