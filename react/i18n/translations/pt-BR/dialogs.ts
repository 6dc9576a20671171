import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Two-factor authentication': 'Autenticação em dois fatores',
  'Code from your authenticator app': 'Código do seu app autenticador',
  'Enter the six-digit code from your authenticator app.': 'Digite o código de seis dígitos do seu app autenticador.',
} satisfies AreaTranslation<'dialogs'>;
