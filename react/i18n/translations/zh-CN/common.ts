import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Loading…': '加载中…',
  'Cancel': '取消',
  'Save': '保存',
  'Close': '关闭',
  'Verify': '验证',
  'Try again': '重试',
  'Try again now': '立即重试',
  'Something went wrong': '出了点问题',
  'Back to sign in': '返回登录',
  'You are offline. This needs a connection.': '你已离线。此操作需要网络连接。',
} satisfies AreaTranslation<'common'>;
