import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': 'Cargando…',
  'Cancel': 'Cancelar',
  'Save': 'Guardar',
  'Close': 'Cerrar',
} satisfies AreaTranslation<'common'>;
