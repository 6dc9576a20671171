import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': '載入中…',
  'Cancel': '取消',
  'Save': '儲存',
  'Close': '關閉',
} satisfies AreaTranslation<'common'>;
