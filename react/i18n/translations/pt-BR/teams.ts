import type { AreaTranslation } from '../../keys/index.ts';

export default {
  "Team": "Equipe",
  "Select team": "Escolher equipe",
  "No teams yet": "Nenhuma equipe ainda",
  "No team": "Sem equipe",
  "Current team": "Equipe atual",
  "Other teams": "Outras equipes",
  "Create a team": "Criar uma equipe",
  "Team settings": "Configurações da equipe",
  "Offline: switching teams needs a connection.": "Offline: trocar de equipe precisa de conexão.",
} satisfies AreaTranslation<'teams'>;
