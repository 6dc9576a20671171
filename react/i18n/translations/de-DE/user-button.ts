import type { AreaTranslation } from '../../keys/index.ts';

export default {
  "Account menu": "Kontomenü",
  "Account settings": "Kontoeinstellungen",
  "Toggle theme": "Design wechseln",
  "Not signed in": "Nicht angemeldet",
  "Signing out did not finish. Please try again.": "Die Abmeldung wurde nicht abgeschlossen. Bitte versuche es erneut.",
  "Avatar of {name}": "Avatar von {name}",
  "Avatar": "Avatar",
} satisfies AreaTranslation<'user-button'>;
