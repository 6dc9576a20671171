// The hook every component reads its words through: `const t = useTranslation(); t('Sign in')`. Inside a provider
// with a `lang` other than English, the first render suspends until that locale's chunk has loaded (the components
// already load lazily inside a Suspense boundary), so nobody sees English flash before their language.
import { use, useContext } from 'react';
import { LanguageContext, type LanguageSetting } from './language.ts';
import { createTranslator, resolveLocale, translate, type Translate, type Translator } from './translator.ts';

/** One translator per provider setting (the provider keeps the setting object while lang and overrides hold). */
const translators = new WeakMap<LanguageSetting, Translator>();

function translatorFor(setting: LanguageSetting): Translator {
  let translator = translators.get(setting);
  if (!translator) {
    translator = createTranslator(resolveLocale(setting.lang), setting.overrides);
    translators.set(setting, translator);
  }
  return translator;
}

export function useTranslation(): Translate {
  const translator = translatorFor(useContext(LanguageContext));
  const words = translator.words() ?? (use(translator.ready), translator.words());
  if (!words) throw new Error('authworker: the locale loaded without its words');
  return (key, values) => translate(words, key, values);
}
