import type { AreaTranslation } from '../../keys/index.ts';

export default {
  "Account menu": "Menú de la cuenta",
  "Account settings": "Ajustes de la cuenta",
  "Toggle theme": "Cambiar tema",
  "Not signed in": "Sin sesión iniciada",
  "Signing out did not finish. Please try again.": "No se pudo cerrar la sesión. Inténtalo de nuevo.",
  "Avatar of {name}": "Avatar de {name}",
  "Avatar": "Avatar",
} satisfies AreaTranslation<'user-button'>;
