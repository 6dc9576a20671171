import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Page not found': 'Page introuvable',
  'There is no handler page at {path}.': 'Il n’y a aucune page à l’adresse {path}.',
  'This page is set to send you to an address this app does not trust, so you stay here.': 'Cette page vous enverrait vers une adresse à laquelle cette application ne fait pas confiance\u00a0: vous restez donc ici.',
  'Signing you in…': 'Connexion en cours…',
  'You are not signed in': 'Vous n’êtes pas connecté',
  'Sign-in could not continue': 'La connexion n’a pas pu se poursuivre',
  'The server stopped this with the code {code}. Go back and try again, or tell the app’s owner.': 'Le serveur a arrêté l’opération avec le code {code}. Revenez en arrière et réessayez, ou prévenez le responsable de l’application.',
  'This page was opened without saying what went wrong. Go back and try again.': 'Cette page a été ouverte sans indiquer ce qui a échoué. Revenez en arrière et réessayez.',
  'Signing out…': 'Déconnexion en cours…',
  'This sign-in link has no code. Open the link from the e-mail again.': 'Ce lien de connexion ne contient pas de code. Rouvrez le lien de l’e-mail.',
  'This sign-in could not be completed. Please sign in again.': 'La connexion n’a pas pu aboutir. Veuillez vous reconnecter.',
  'Team invitation': 'Invitation à une équipe',
  'Checking your invitation…': 'Vérification de votre invitation…',
  'This invitation link has no code. Ask for a new one.': 'Ce lien d’invitation ne contient pas de code. Demandez-en un nouveau.',
  'You were invited to a team.': 'Vous avez été invité à rejoindre une équipe.',
  'Sign in to join it': 'Connectez-vous pour la rejoindre',
  'You are invited to join this team:': 'Vous êtes invité à rejoindre cette équipe\u00a0:',
  'Joining…': 'Adhésion en cours…',
  'Join team': 'Rejoindre l’équipe',
} satisfies AreaTranslation<'handler'>;
