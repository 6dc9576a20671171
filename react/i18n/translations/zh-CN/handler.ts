import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Page not found': '找不到页面',
  'There is no handler page at {path}.': '{path} 没有页面。',
  'This page is set to send you to an address this app does not trust, so you stay here.': '此页面会把你带到本应用不信任的地址，所以你会留在这里。',
  'Signing you in…': '正在登录…',
  'You are not signed in': '你尚未登录',
  'Sign-in could not continue': '无法继续登录',
  'The server stopped this with the code {code}. Go back and try again, or tell the app’s owner.': '服务器以代码 {code} 中止了此操作。请返回后重试，或告知应用的管理员。',
  'This page was opened without saying what went wrong. Go back and try again.': '打开此页面时未说明出了什么问题。请返回后重试。',
  'Signing out…': '正在退出登录…',
  'This sign-in link has no code. Open the link from the e-mail again.': '此登录链接缺少验证码。请重新打开邮件中的链接。',
  'This sign-in could not be completed. Please sign in again.': '无法完成登录。请重新登录。',
  'Team invitation': '团队邀请',
  'Checking your invitation…': '正在检查你的邀请…',
  'This invitation link has no code. Ask for a new one.': '此邀请链接缺少验证码。请索取新的链接。',
  'You were invited to a team.': '你收到了一个团队邀请。',
  'Sign in to join it': '登录后加入',
  'You are invited to join this team:': '你受邀加入此团队：',
  'Joining…': '正在加入…',
  'Join team': '加入团队',
} satisfies AreaTranslation<'handler'>;
