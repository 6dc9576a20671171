import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': 'A carregar…',
  'Cancel': 'Cancelar',
  'Save': 'Guardar',
  'Close': 'Fechar',
} satisfies AreaTranslation<'common'>;
