import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': 'Chargement…',
  'Cancel': 'Annuler',
  'Save': 'Enregistrer',
  'Close': 'Fermer',
} satisfies AreaTranslation<'common'>;
