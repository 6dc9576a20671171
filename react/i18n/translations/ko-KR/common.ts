import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': '불러오는 중…',
  'Cancel': '취소',
  'Save': '저장',
  'Close': '닫기',
} satisfies AreaTranslation<'common'>;
