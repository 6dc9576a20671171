import type { AreaTranslation } from '../../keys/index.ts';

export default {
  'Two-factor authentication': '2 段階認証',
  'Code from your authenticator app': '認証アプリのコード',
  'Enter the six-digit code from your authenticator app.': '認証アプリに表示される 6 桁のコードを入力してください。',
} satisfies AreaTranslation<'dialogs'>;
