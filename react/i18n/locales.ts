// The languages the components speak: the official StackProvider's `lang` values. English is the catalogue itself
// (react/i18n/keys/); every other locale is a lazy chunk (translations/<locale>/index.ts), so an English app pays
// nothing for them.
export const LOCALES = ['en-US', 'de-DE', 'es-ES', 'fr-CA', 'fr-FR', 'it-IT', 'ja-JP', 'ko-KR', 'pt-BR', 'pt-PT', 'zh-CN', 'zh-TW'] as const;

export type Locale = (typeof LOCALES)[number];
export type TranslatedLocale = Exclude<Locale, 'en-US'>;

export function isLocale(lang: string): lang is Locale {
  return (LOCALES as readonly string[]).includes(lang);
}
