import { describe, expect, it, vi } from 'vitest';
import { MESSAGE_KEYS } from './keys/index.ts';
import { LOCALES } from './locales.ts';
import { createTranslator, format, resolveLocale, translate, unknownOverrideKeys } from './translator.ts';

describe('the message catalogue', () => {
  it('fills placeholders and leaves one without a value as written', () => {
    expect(format('Sign in to {appName}', { appName: 'Acme' })).toBe('Sign in to Acme');
    expect(format('Sign in to {appName}')).toBe('Sign in to {appName}');
    expect(format('{count} teams, {other}', { count: 2 })).toBe('2 teams, {other}');
  });

  it('speaks en-US for an unknown lang, saying so once', () => {
    const warn = vi.fn();
    expect(resolveLocale('xx-XX', warn)).toBe('en-US');
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toContain('xx-XX');
    expect(resolveLocale('de-DE', warn)).toBe('de-DE');
    expect(resolveLocale(undefined, warn)).toBe('en-US');
    expect(warn).toHaveBeenCalledOnce();
  });

  it('loads every locale, with every key translated and the same placeholders as the English', async () => {
    for (const locale of LOCALES) {
      const translator = createTranslator(locale);
      await translator.ready;
      const words = translator.words();
      expect(words, locale).toBeDefined();
      if (!words) continue;
      for (const key of MESSAGE_KEYS) {
        const text = translate(words, key);
        expect(text.trim(), `${locale}: ${key}`).not.toBe('');
        const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        expect(placeholders(text), `${locale}: ${key}`).toEqual(placeholders(key));
      }
      if (locale !== 'en-US') expect(translate(words, 'Cancel'), locale).not.toBe('Cancel');
    }
  });

  it('puts the app’s overrides over the locale, keyed by the English text', async () => {
    const translator = createTranslator('fr-FR', { Cancel: 'Laisser tomber' });
    await translator.ready;
    const words = translator.words();
    expect(words && translate(words, 'Cancel')).toBe('Laisser tomber');
    expect(words && translate(words, 'Save')).toBe('Enregistrer');
    expect(unknownOverrideKeys({ Cancel: 'x', 'No such words': 'y' })).toEqual(['No such words']);
  });
});
