import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Page not found': '페이지를 찾을 수 없습니다',
  'There is no handler page at {path}.': '{path}에 페이지가 없습니다.',
  'This page is set to send you to an address this app does not trust, so you stay here.': '이 페이지가 이 앱이 신뢰하지 않는 주소로 보내려고 해서 이곳에 머무릅니다.',
  'Signing you in…': '로그인하는 중…',
  'You are not signed in': '로그인되어 있지 않습니다',
  'Sign-in could not continue': '로그인을 계속할 수 없습니다',
  'The server stopped this with the code {code}. Go back and try again, or tell the app’s owner.': '서버가 코드 {code}(으)로 이 작업을 중단했습니다. 이전 화면으로 돌아가 다시 시도하거나 앱 관리자에게 알려 주세요.',
  'This page was opened without saying what went wrong. Go back and try again.': '이 페이지는 무엇이 잘못되었는지 알리지 않고 열렸습니다. 이전 화면으로 돌아가 다시 시도하세요.',
  'Signing out…': '로그아웃하는 중…',
  'This sign-in link has no code. Open the link from the e-mail again.': '이 로그인 링크에 코드가 없습니다. 이메일의 링크를 다시 열어 주세요.',
  'This sign-in could not be completed. Please sign in again.': '로그인을 완료하지 못했습니다. 다시 로그인해 주세요.',
  'Team invitation': '팀 초대',
  'Checking your invitation…': '초대를 확인하는 중…',
  'This invitation link has no code. Ask for a new one.': '이 초대 링크에 코드가 없습니다. 새 링크를 요청하세요.',
  'You were invited to a team.': '팀에 초대되었습니다.',
  'Sign in to join it': '로그인하고 참여하기',
  'You are invited to join this team:': '다음 팀에 초대되었습니다:',
  'Joining…': '참여하는 중…',
  'Join team': '팀 참여',
} satisfies AreaTranslation<'handler'>;
