import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': '載入中…',
  'Cancel': '取消',
  'Save': '儲存',
  'Close': '關閉',
  'Verify': '驗證',
  'Try again': '重試',
  'Try again now': '立即重試',
  'This could not be shown': '無法顯示此內容',
  'An error we did not expect stopped this. Try again, and if it happens again, tell the app’s owner.': '一個意外的錯誤中止了此操作。請再試一次；如果再次發生，請通知應用程式的管理者。',
  'Back to sign in': '返回登入',
  'You are offline. This needs a connection.': '你目前離線。此操作需要網路連線。',
} satisfies AreaTranslation<'common'>;
