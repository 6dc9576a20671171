import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': 'Carregando…',
  'Cancel': 'Cancelar',
  'Save': 'Salvar',
  'Close': 'Fechar',
  'Verify': 'Verificar',
  'Try again': 'Tentar de novo',
  'Try again now': 'Tentar de novo agora',
  'Something went wrong': 'Algo deu errado',
  'Back to sign in': 'Voltar para o login',
  'You are offline. This needs a connection.': 'Você está offline. Isto precisa de conexão.',
} satisfies AreaTranslation<'common'>;
