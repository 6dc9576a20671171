import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': '載入中…',
  'Cancel': '取消',
  'Save': '儲存',
  'Close': '關閉',
  'Verify': '驗證',
  'Try again': '重試',
  'Try again now': '立即重試',
  'Something went wrong': '發生問題',
  'Back to sign in': '返回登入',
  'You are offline. This needs a connection.': '你目前離線。此操作需要網路連線。',
} satisfies AreaTranslation<'common'>;
