import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': '加载中…',
  'Cancel': '取消',
  'Save': '保存',
  'Close': '关闭',
} satisfies AreaTranslation<'common'>;
