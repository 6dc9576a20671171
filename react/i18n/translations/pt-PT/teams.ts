import type { AreaTranslation } from '../../keys/index.ts';

export default {
  "Team": "Equipa",
  "Select team": "Escolher equipa",
  "No teams yet": "Ainda sem equipas",
  "No team": "Sem equipa",
  "Current team": "Equipa atual",
  "Other teams": "Outras equipas",
  "Create a team": "Criar uma equipa",
  "Team settings": "Definições da equipa",
  "Offline: switching teams needs a connection.": "Sem ligação: mudar de equipa precisa de ligação.",
} satisfies AreaTranslation<'teams'>;
