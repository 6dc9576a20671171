import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Two-factor authentication': 'Autenticación en dos pasos',
  'Code from your authenticator app': 'Código de tu aplicación de autenticación',
  'Enter the six-digit code from your authenticator app.': 'Introduce el código de seis dígitos de tu aplicación de autenticación.',
} satisfies AreaTranslation<'dialogs'>;
