import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': 'Wird geladen…',
  'Cancel': 'Abbrechen',
  'Save': 'Speichern',
  'Close': 'Schließen',
} satisfies AreaTranslation<'common'>;
