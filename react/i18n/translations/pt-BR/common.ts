import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': 'Carregando…',
  'Cancel': 'Cancelar',
  'Save': 'Salvar',
  'Close': 'Fechar',
} satisfies AreaTranslation<'common'>;
