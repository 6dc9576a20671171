import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Two-factor authentication': '2단계 인증',
  'Code from your authenticator app': '인증 앱의 코드',
  'Enter the six-digit code from your authenticator app.': '인증 앱에 표시된 6자리 코드를 입력하세요.',
} satisfies AreaTranslation<'dialogs'>;
