import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Two-factor authentication': '雙重驗證',
  'Code from your authenticator app': '驗證器應用程式中的驗證碼',
  'Enter the six-digit code from your authenticator app.': '請輸入驗證器應用程式中的 6 位數驗證碼。',
} satisfies AreaTranslation<'dialogs'>;
