import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': 'A carregar…',
  'Cancel': 'Cancelar',
  'Save': 'Guardar',
  'Close': 'Fechar',
  'Verify': 'Verificar',
  'Try again': 'Tentar novamente',
  'Try again now': 'Tentar novamente agora',
  'This could not be shown': 'Não foi possível mostrar isto',
  'An error we did not expect stopped this. Try again, and if it happens again, tell the app’s owner.': 'Um erro inesperado interrompeu isto. Tente novamente e, se voltar a acontecer, avise o responsável pela aplicação.',
  'Back to sign in': 'Voltar ao início de sessão',
  'You are offline. This needs a connection.': 'Está offline. Isto precisa de ligação.',
} satisfies AreaTranslation<'common'>;
