// One language's words for the components: the catalogue's English, a locale's translation loaded on first use,
// and the app's `translationOverrides` on top (keyed by the English text, as the official SDK's are).
import type { Locale, TranslatedLocale } from './locales.ts';
import { isLocale } from './locales.ts';
import { MESSAGE_KEYS, type MessageKey, type Translation } from './keys/index.ts';

export type MessageValues = Readonly<Record<string, string | number>>;
/** Words for a key, with its `{name}` placeholders filled from `values`. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

const loaders: { readonly [L in TranslatedLocale]: () => Promise<{ default: Translation }> } = {
  'de-DE': () => import('./translations/de-DE/index.ts'),
  'es-ES': () => import('./translations/es-ES/index.ts'),
  'fr-CA': () => import('./translations/fr-CA/index.ts'),
  'fr-FR': () => import('./translations/fr-FR/index.ts'),
  'it-IT': () => import('./translations/it-IT/index.ts'),
  'ja-JP': () => import('./translations/ja-JP/index.ts'),
  'ko-KR': () => import('./translations/ko-KR/index.ts'),
  'pt-BR': () => import('./translations/pt-BR/index.ts'),
  'pt-PT': () => import('./translations/pt-PT/index.ts'),
  'zh-CN': () => import('./translations/zh-CN/index.ts'),
  'zh-TW': () => import('./translations/zh-TW/index.ts'),
};

/** Fills `{name}` placeholders; one without a value stays as written, so a missing value shows rather than vanishes. */
export function format(template: string, values?: MessageValues): string {
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The locale a `lang` prop names: an unknown one is English, said once on the console. */
export function resolveLocale(lang: string | undefined, warn: (message: string) => void = console.warn): Locale {
  if (lang === undefined || isLocale(lang)) return lang ?? 'en-US';
  warn(`authworker: lang "${lang}" is not one of the supported locales; the components speak en-US.`);
  return 'en-US';
}

export interface Translator {
  readonly locale: Locale;
  /** Settles once the locale's words are loaded (at once for English). */
  readonly ready: Promise<void>;
  /** The words, once loaded: undefined while the locale's chunk loads. */
  words(): ReadonlyMap<string, string> | undefined;
}

export function createTranslator(locale: Locale, overrides: Readonly<Record<string, string>> = {}): Translator {
  let loaded: Map<string, string> | undefined;
  const finish = (translation: Translation | undefined) => {
    const words = new Map<string, string>();
    if (translation) for (const area of Object.values(translation)) for (const [key, text] of Object.entries(area)) words.set(key, text);
    for (const [key, text] of Object.entries(overrides)) words.set(key, text);
    loaded = words;
  };
  const ready = locale === 'en-US' ? Promise.resolve(finish(undefined)) : loaders[locale]().then((module) => finish(module.default));
  return { locale, ready, words: () => loaded };
}

/** The override keys that match no catalogue key: what a development build warns about once. */
export function unknownOverrideKeys(overrides: Readonly<Record<string, string>>): string[] {
  const known = new Set<string>(MESSAGE_KEYS);
  return Object.keys(overrides).filter((key) => !known.has(key));
}

export function translate(words: ReadonlyMap<string, string>, key: MessageKey, values?: MessageValues): string {
  return format(words.get(key) ?? key, values);
}
