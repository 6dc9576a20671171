import type { AreaTranslation } from '../../keys/index.ts';

export default {
  "Account menu": "Menu account",
  "Account settings": "Impostazioni account",
  "Toggle theme": "Cambia tema",
  "Not signed in": "Accesso non effettuato",
  "Signing out did not finish. Please try again.": "L'uscita non è riuscita. Riprova.",
  "Avatar of {name}": "Avatar di {name}",
  "Avatar": "Avatar",
} satisfies AreaTranslation<'user-button'>;
