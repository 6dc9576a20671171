import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Two-factor authentication': 'Zwei-Faktor-Authentifizierung',
  'Code from your authenticator app': 'Code aus deiner Authenticator-App',
  'Enter the six-digit code from your authenticator app.': 'Gib den sechsstelligen Code aus deiner Authenticator-App ein.',
} satisfies AreaTranslation<'dialogs'>;
