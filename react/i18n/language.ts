// What the provider tells the components about their language: only the setting. The words and the code that loads
// them (translator.ts) come with the components, which are lazy chunks, so the page runtime and hooks stay as small
// as an English app needs.
import { createContext } from 'react';

export interface LanguageSetting {
  readonly lang: string | undefined;
  readonly overrides: Readonly<Record<string, string>> | undefined;
}

export const LanguageContext = createContext<LanguageSetting>({ lang: undefined, overrides: undefined });
