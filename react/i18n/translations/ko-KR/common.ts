import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': '불러오는 중…',
  'Cancel': '취소',
  'Save': '저장',
  'Close': '닫기',
  'Verify': '확인',
  'Try again': '다시 시도',
  'Try again now': '지금 다시 시도',
  'This could not be shown': '이 내용을 표시할 수 없습니다',
  'An error we did not expect stopped this. Try again, and if it happens again, tell the app’s owner.': '예상하지 못한 오류로 작업이 중단되었습니다. 다시 시도하고, 또 발생하면 앱 관리자에게 알려 주세요.',
  'Back to sign in': '로그인으로 돌아가기',
  'You are offline. This needs a connection.': '오프라인 상태입니다. 이 작업에는 연결이 필요합니다.',
} satisfies AreaTranslation<'common'>;
