import type { AreaTranslation } from '../../keys/index.ts';

export default {
  "Account menu": "Menu da conta",
  "Account settings": "Definições da conta",
  "Toggle theme": "Mudar de tema",
  "Not signed in": "Sem sessão iniciada",
  "Signing out did not finish. Please try again.": "Não foi possível terminar a sessão. Tente novamente.",
  "Avatar of {name}": "Avatar de {name}",
  "Avatar": "Avatar",
} satisfies AreaTranslation<'user-button'>;
