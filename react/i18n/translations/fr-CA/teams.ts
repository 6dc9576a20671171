import type { AreaTranslation } from '../../keys/index.ts';

export default {
  "Team": "Équipe",
  "Select team": "Choisir une équipe",
  "No teams yet": "Aucune équipe pour l'instant",
  "No team": "Aucune équipe",
  "Current team": "Équipe actuelle",
  "Other teams": "Autres équipes",
  "Create a team": "Créer une équipe",
  "Team settings": "Paramètres de l'équipe",
  "Offline: switching teams needs a connection.": "Hors ligne : changer d'équipe demande une connexion.",
} satisfies AreaTranslation<'teams'>;
