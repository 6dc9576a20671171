import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Two-factor authentication': 'Autenticazione a due fattori',
  'Code from your authenticator app': 'Codice dell’app di autenticazione',
  'Enter the six-digit code from your authenticator app.': 'Inserisci il codice di sei cifre della tua app di autenticazione.',
} satisfies AreaTranslation<'dialogs'>;
