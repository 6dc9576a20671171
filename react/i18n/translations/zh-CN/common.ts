import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': '加载中…',
  'Cancel': '取消',
  'Save': '保存',
  'Close': '关闭',
  'Verify': '验证',
  'Try again': '重试',
  'Try again now': '立即重试',
  'This could not be shown': '无法显示此内容',
  'An error we did not expect stopped this. Try again, and if it happens again, tell the app’s owner.': '一个意外的错误中止了此操作。请重试；如果再次发生，请告知应用的管理员。',
  'Back to sign in': '返回登录',
  'You are offline. This needs a connection.': '你已离线。此操作需要网络连接。',
} satisfies AreaTranslation<'common'>;
