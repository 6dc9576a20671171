import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Page not found': 'ページが見つかりません',
  'There is no handler page at {path}.': '{path} にページはありません。',
  'This page is set to send you to an address this app does not trust, so you stay here.': 'このページは、このアプリが信頼していないアドレスへ移動しようとしたため、ここに留まります。',
  'Signing you in…': 'サインインしています…',
  'You are not signed in': 'サインインしていません',
  'Sign-in could not continue': 'サインインを続行できませんでした',
  'The server stopped this with the code {code}. Go back and try again, or tell the app’s owner.': 'サーバーがコード {code} で処理を止めました。前の画面に戻ってもう一度お試しいただくか、アプリの管理者にお知らせください。',
  'This page was opened without saying what went wrong. Go back and try again.': 'このページは、何が失敗したかを示さずに開かれました。前の画面に戻ってもう一度お試しください。',
  'Signing out…': 'サインアウトしています…',
  'This sign-in link has no code. Open the link from the e-mail again.': 'このサインインリンクにはコードがありません。メールのリンクをもう一度開いてください。',
  'This sign-in could not be completed. Please sign in again.': 'サインインを完了できませんでした。もう一度サインインしてください。',
  'Team invitation': 'チームへの招待',
  'Checking your invitation…': '招待を確認しています…',
  'This invitation link has no code. Ask for a new one.': 'この招待リンクにはコードがありません。新しいリンクを依頼してください。',
  'You were invited to a team.': 'チームに招待されました。',
  'Sign in to join it': 'サインインして参加',
  'You are invited to join this team:': 'このチームに招待されています:',
  'Joining…': '参加しています…',
  'Join team': 'チームに参加',
} satisfies AreaTranslation<'handler'>;
