import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': '불러오는 중…',
  'Cancel': '취소',
  'Save': '저장',
  'Close': '닫기',
  'Verify': '확인',
  'Try again': '다시 시도',
  'Try again now': '지금 다시 시도',
  'Something went wrong': '문제가 발생했습니다',
  'Back to sign in': '로그인으로 돌아가기',
  'You are offline. This needs a connection.': '오프라인 상태입니다. 이 작업에는 연결이 필요합니다.',
} satisfies AreaTranslation<'common'>;
