import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': 'Chargement…',
  'Cancel': 'Annuler',
  'Save': 'Enregistrer',
  'Close': 'Fermer',
  'Verify': 'Vérifier',
  'Try again': 'Réessayer',
  'Try again now': 'Réessayer maintenant',
  'Something went wrong': 'Une erreur est survenue',
  'Back to sign in': 'Retour à la connexion',
  'You are offline. This needs a connection.': 'Vous êtes hors ligne. Une connexion est nécessaire.',
} satisfies AreaTranslation<'common'>;
