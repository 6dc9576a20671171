import type { AreaTranslation } from '../../keys/index.ts';

export default {
  "Team": "团队",
  "Select team": "选择团队",
  "No teams yet": "还没有团队",
  "No team": "无团队",
  "Current team": "当前团队",
  "Other teams": "其他团队",
  "Create a team": "创建团队",
  "Team settings": "团队设置",
  "Offline: switching teams needs a connection.": "离线：切换团队需要网络连接。",
} satisfies AreaTranslation<'teams'>;
