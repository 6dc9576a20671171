import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Page not found': 'Página no encontrada',
  'There is no handler page at {path}.': 'No hay ninguna página en {path}.',
  'This page is set to send you to an address this app does not trust, so you stay here.': 'Esta página te enviaría a una dirección en la que esta aplicación no confía, así que te quedas aquí.',
  'Signing you in…': 'Iniciando sesión…',
  'You are not signed in': 'No has iniciado sesión',
  'Sign-in could not continue': 'No se pudo continuar con el inicio de sesión',
  'The server stopped this with the code {code}. Go back and try again, or tell the app’s owner.': 'El servidor detuvo esto con el código {code}. Vuelve atrás e inténtalo de nuevo, o avisa al responsable de la aplicación.',
  'This page was opened without saying what went wrong. Go back and try again.': 'Esta página se abrió sin indicar qué falló. Vuelve atrás e inténtalo de nuevo.',
  'Signing out…': 'Cerrando sesión…',
  'This sign-in link has no code. Open the link from the e-mail again.': 'Este enlace de inicio de sesión no tiene código. Vuelve a abrir el enlace del correo.',
  'This sign-in could not be completed. Please sign in again.': 'No se ha podido completar el inicio de sesión. Vuelve a iniciar sesión.',
  'Team invitation': 'Invitación a un equipo',
  'Checking your invitation…': 'Comprobando tu invitación…',
  'This invitation link has no code. Ask for a new one.': 'Este enlace de invitación no tiene código. Pide uno nuevo.',
  'You were invited to a team.': 'Te han invitado a un equipo.',
  'Sign in to join it': 'Inicia sesión para unirte',
  'You are invited to join this team:': 'Te han invitado a unirte a este equipo:',
  'Joining…': 'Uniéndote…',
  'Join team': 'Unirse al equipo',
} satisfies AreaTranslation<'handler'>;
