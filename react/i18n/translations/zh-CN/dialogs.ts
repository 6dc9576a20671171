import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Two-factor authentication': '双重身份验证',
  'Code from your authenticator app': '身份验证器应用中的验证码',
  'Enter the six-digit code from your authenticator app.': '请输入身份验证器应用中的 6 位验证码。',
} satisfies AreaTranslation<'dialogs'>;
