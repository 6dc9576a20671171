import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': '読み込み中…',
  'Cancel': 'キャンセル',
  'Save': '保存',
  'Close': '閉じる',
  'Verify': '確認',
  'Try again': '再試行',
  'Try again now': '今すぐ再試行',
  'This could not be shown': 'この内容を表示できません',
  'An error we did not expect stopped this. Try again, and if it happens again, tell the app’s owner.': '予期しないエラーで処理が止まりました。もう一度お試しください。再び起きる場合は、アプリの管理者にお知らせください。',
  'Back to sign in': 'サインインに戻る',
  'You are offline. This needs a connection.': 'オフラインです。この操作には接続が必要です。',
} satisfies AreaTranslation<'common'>;
