import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': 'Chargement…',
  'Cancel': 'Annuler',
  'Save': 'Enregistrer',
  'Close': 'Fermer',
  'Verify': 'Vérifier',
  'Try again': 'Réessayer',
  'Try again now': 'Réessayer maintenant',
  'This could not be shown': 'Impossible d’afficher ce contenu',
  'An error we did not expect stopped this. Try again, and if it happens again, tell the app’s owner.': 'Une erreur inattendue a tout interrompu. Réessayez et, si ça se reproduit, avisez le responsable de l’application.',
  'Back to sign in': 'Retour à la connexion',
  'You are offline. This needs a connection.': 'Vous êtes hors ligne. Une connexion est nécessaire.',
} satisfies AreaTranslation<'common'>;
