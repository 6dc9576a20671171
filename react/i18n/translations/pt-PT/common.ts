import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': 'A carregar…',
  'Cancel': 'Cancelar',
  'Save': 'Guardar',
  'Close': 'Fechar',
  'Verify': 'Verificar',
  'Try again': 'Tentar novamente',
  'Try again now': 'Tentar novamente agora',
  'Something went wrong': 'Ocorreu um erro',
  'Back to sign in': 'Voltar ao início de sessão',
  'You are offline. This needs a connection.': 'Está offline. Isto precisa de ligação.',
} satisfies AreaTranslation<'common'>;
