import type { AreaTranslation } from '../../keys/index.ts';

export default {
  "Account menu": "账户菜单",
  "Account settings": "账户设置",
  "Toggle theme": "切换主题",
  "Not signed in": "未登录",
  "Signing out did not finish. Please try again.": "未能退出登录，请重试。",
  "Avatar of {name}": "{name} 的头像",
  "Avatar": "头像",
} satisfies AreaTranslation<'user-button'>;
