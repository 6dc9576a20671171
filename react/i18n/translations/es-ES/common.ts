import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': 'Cargando…',
  'Cancel': 'Cancelar',
  'Save': 'Guardar',
  'Close': 'Cerrar',
  'Verify': 'Verificar',
  'Try again': 'Reintentar',
  'Try again now': 'Reintentar ahora',
  'This could not be shown': 'No se puede mostrar',
  'An error we did not expect stopped this. Try again, and if it happens again, tell the app’s owner.': 'Un error inesperado detuvo esto. Inténtalo de nuevo y, si vuelve a pasar, avisa al responsable de la aplicación.',
  'Back to sign in': 'Volver a iniciar sesión',
  'You are offline. This needs a connection.': 'Estás sin conexión. Esto necesita conexión.',
} satisfies AreaTranslation<'common'>;
