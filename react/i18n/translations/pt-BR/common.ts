import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': 'Carregando…',
  'Cancel': 'Cancelar',
  'Save': 'Salvar',
  'Close': 'Fechar',
  'Verify': 'Verificar',
  'Try again': 'Tentar de novo',
  'Try again now': 'Tentar de novo agora',
  'This could not be shown': 'Não foi possível mostrar isto',
  'An error we did not expect stopped this. Try again, and if it happens again, tell the app’s owner.': 'Um erro inesperado interrompeu isto. Tente de novo e, se acontecer outra vez, avise o responsável pelo app.',
  'Back to sign in': 'Voltar para o login',
  'You are offline. This needs a connection.': 'Você está offline. Isto precisa de conexão.',
} satisfies AreaTranslation<'common'>;
