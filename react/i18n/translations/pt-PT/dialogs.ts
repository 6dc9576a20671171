import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Two-factor authentication': 'Autenticação de dois fatores',
  'Code from your authenticator app': 'Código da sua aplicação de autenticação',
  'Enter the six-digit code from your authenticator app.': 'Introduza o código de seis dígitos da sua aplicação de autenticação.',
} satisfies AreaTranslation<'dialogs'>;
