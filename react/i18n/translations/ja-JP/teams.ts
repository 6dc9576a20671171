import type { AreaTranslation } from '../../keys/index.ts';

export default {
  "Team": "チーム",
  "Select team": "チームを選択",
  "No teams yet": "チームはまだありません",
  "No team": "チームなし",
  "Current team": "現在のチーム",
  "Other teams": "他のチーム",
  "Create a team": "チームを作成",
  "Team settings": "チーム設定",
  "Offline: switching teams needs a connection.": "オフライン: チームの切り替えには接続が必要です。",
} satisfies AreaTranslation<'teams'>;
