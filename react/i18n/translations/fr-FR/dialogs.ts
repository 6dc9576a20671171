import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Two-factor authentication': 'Authentification à deux facteurs',
  'Code from your authenticator app': 'Code de votre application d’authentification',
  'Enter the six-digit code from your authenticator app.': 'Saisissez le code à six chiffres de votre application d’authentification.',
} satisfies AreaTranslation<'dialogs'>;
