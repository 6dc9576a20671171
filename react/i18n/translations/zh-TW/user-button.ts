import type { AreaTranslation } from '../../keys/index.ts';

export default {
  "Account menu": "帳戶選單",
  "Account settings": "帳戶設定",
  "Toggle theme": "切換主題",
  "Not signed in": "尚未登入",
  "Signing out did not finish. Please try again.": "未能登出，請再試一次。",
  "Avatar of {name}": "{name} 的頭像",
  "Avatar": "頭像",
} satisfies AreaTranslation<'user-button'>;
