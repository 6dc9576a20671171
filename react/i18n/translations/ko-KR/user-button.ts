import type { AreaTranslation } from '../../keys/index.ts';

export default {
  "Account menu": "계정 메뉴",
  "Account settings": "계정 설정",
  "Toggle theme": "테마 전환",
  "Not signed in": "로그인하지 않음",
  "Signing out did not finish. Please try again.": "로그아웃하지 못했습니다. 다시 시도해 주세요.",
  "Avatar of {name}": "{name}의 아바타",
  "Avatar": "아바타",
} satisfies AreaTranslation<'user-button'>;
