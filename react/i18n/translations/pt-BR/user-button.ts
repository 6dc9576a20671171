import type { AreaTranslation } from '../../keys/index.ts';

export default {
  "Account menu": "Menu da conta",
  "Account settings": "Configurações da conta",
  "Toggle theme": "Alternar tema",
  "Not signed in": "Você não entrou",
  "Signing out did not finish. Please try again.": "Não foi possível sair. Tente de novo.",
  "Avatar of {name}": "Avatar de {name}",
  "Avatar": "Avatar",
} satisfies AreaTranslation<'user-button'>;
