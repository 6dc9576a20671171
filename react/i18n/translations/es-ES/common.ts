import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': 'Cargando…',
  'Cancel': 'Cancelar',
  'Save': 'Guardar',
  'Close': 'Cerrar',
  'Verify': 'Verificar',
  'Try again': 'Reintentar',
  'Try again now': 'Reintentar ahora',
  'Something went wrong': 'Algo ha salido mal',
  'Back to sign in': 'Volver a iniciar sesión',
  'You are offline. This needs a connection.': 'Estás sin conexión. Esto necesita conexión.',
} satisfies AreaTranslation<'common'>;
