import type { AreaTranslation } from '../../keys/index.ts';

export default {
  "Account menu": "アカウントメニュー",
  "Account settings": "アカウント設定",
  "Toggle theme": "テーマを切り替え",
  "Not signed in": "ログインしていません",
  "Signing out did not finish. Please try again.": "ログアウトできませんでした。もう一度お試しください。",
  "Avatar of {name}": "{name} のアバター",
  "Avatar": "アバター",
} satisfies AreaTranslation<'user-button'>;
