import type { AreaTranslation } from '../../keys/index.ts';

export default {
  "Team": "Team",
  "Select team": "Scegli un team",
  "No teams yet": "Ancora nessun team",
  "No team": "Nessun team",
  "Current team": "Team attuale",
  "Other teams": "Altri team",
  "Create a team": "Crea un team",
  "Team settings": "Impostazioni del team",
  "Offline: switching teams needs a connection.": "Offline: per cambiare team serve una connessione.",
} satisfies AreaTranslation<'teams'>;
