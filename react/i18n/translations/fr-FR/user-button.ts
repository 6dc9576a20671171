import type { AreaTranslation } from '../../keys/index.ts';

export default {
  "Account menu": "Menu du compte",
  "Account settings": "Paramètres du compte",
  "Toggle theme": "Changer de thème",
  "Not signed in": "Non connecté",
  "Signing out did not finish. Please try again.": "La déconnexion n'a pas abouti. Veuillez réessayer.",
  "Avatar of {name}": "Avatar de {name}",
  "Avatar": "Avatar",
} satisfies AreaTranslation<'user-button'>;
