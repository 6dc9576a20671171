import type { AreaTranslation } from '../../keys/index.ts';

export default {
  "Team": "팀",
  "Select team": "팀 선택",
  "No teams yet": "아직 팀이 없습니다",
  "No team": "팀 없음",
  "Current team": "현재 팀",
  "Other teams": "다른 팀",
  "Create a team": "팀 만들기",
  "Team settings": "팀 설정",
  "Offline: switching teams needs a connection.": "오프라인: 팀을 바꾸려면 연결이 필요합니다.",
} satisfies AreaTranslation<'teams'>;
