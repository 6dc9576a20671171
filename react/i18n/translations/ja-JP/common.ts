import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': '読み込み中…',
  'Cancel': 'キャンセル',
  'Save': '保存',
  'Close': '閉じる',
  'Verify': '確認',
  'Try again': '再試行',
  'Try again now': '今すぐ再試行',
  'Something went wrong': '問題が発生しました',
  'Back to sign in': 'サインインに戻る',
  'You are offline. This needs a connection.': 'オフラインです。この操作には接続が必要です。',
} satisfies AreaTranslation<'common'>;
