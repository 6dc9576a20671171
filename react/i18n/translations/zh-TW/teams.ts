import type { AreaTranslation } from '../../keys/index.ts';

export default {
  "Team": "團隊",
  "Select team": "選擇團隊",
  "No teams yet": "還沒有團隊",
  "No team": "無團隊",
  "Current team": "目前團隊",
  "Other teams": "其他團隊",
  "Create a team": "建立團隊",
  "Team settings": "團隊設定",
  "Offline: switching teams needs a connection.": "離線：切換團隊需要網路連線。",
} satisfies AreaTranslation<'teams'>;
