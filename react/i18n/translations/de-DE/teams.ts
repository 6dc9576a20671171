import type { AreaTranslation } from '../../keys/index.ts';

export default {
  "Team": "Team",
  "Select team": "Team auswählen",
  "No teams yet": "Noch keine Teams",
  "No team": "Kein Team",
  "Current team": "Aktuelles Team",
  "Other teams": "Andere Teams",
  "Create a team": "Team erstellen",
  "Team settings": "Teameinstellungen",
  "Offline: switching teams needs a connection.": "Offline: Zum Wechseln des Teams ist eine Verbindung nötig.",
} satisfies AreaTranslation<'teams'>;
