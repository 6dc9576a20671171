import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': '読み込み中…',
  'Cancel': 'キャンセル',
  'Save': '保存',
  'Close': '閉じる',
} satisfies AreaTranslation<'common'>;
