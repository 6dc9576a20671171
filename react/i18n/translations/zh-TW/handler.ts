import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Page not found': '找不到頁面',
  'There is no handler page at {path}.': '{path} 沒有頁面。',
  'This page is set to send you to an address this app does not trust, so you stay here.': '此頁面會把你帶到本應用程式不信任的網址，因此你會留在這裡。',
  'Signing you in…': '正在登入…',
  'You are not signed in': '你尚未登入',
  'Sign-in could not continue': '無法繼續登入',
  'The server stopped this with the code {code}. Go back and try again, or tell the app’s owner.': '伺服器以代碼 {code} 中止了此操作。請返回後再試一次，或通知應用程式的管理者。',
  'This page was opened without saying what went wrong. Go back and try again.': '開啟此頁面時未說明發生了什麼問題。請返回後再試一次。',
  'Signing out…': '正在登出…',
  'This sign-in link has no code. Open the link from the e-mail again.': '此登入連結缺少驗證碼。請重新開啟電子郵件中的連結。',
  'This sign-in could not be completed. Please sign in again.': '無法完成登入。請重新登入。',
  'Team invitation': '團隊邀請',
  'Checking your invitation…': '正在確認你的邀請…',
  'This invitation link has no code. Ask for a new one.': '此邀請連結缺少驗證碼。請索取新的連結。',
  'You were invited to a team.': '你收到了一個團隊邀請。',
  'Sign in to join it': '登入後加入',
  'You are invited to join this team:': '你受邀加入此團隊：',
  'Joining…': '正在加入…',
  'Join team': '加入團隊',
} satisfies AreaTranslation<'handler'>;
