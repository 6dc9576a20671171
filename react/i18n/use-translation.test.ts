// useTranslation inside a provider: the locale's words after its chunk loads, the app's overrides on top, and one
// development warning for an override key that matches no words of the components.
import { createElement } from 'react';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StackClientApp } from '../../runtime/client/app/client-app.ts';
import { AuthProvider, type AuthProviderProps } from '../provider.tsx';
import { useTranslation } from './use-translation.ts';

const app = { setTotpPrompt: () => () => undefined } as unknown as StackClientApp;

function Words() {
  const t = useTranslation();
  return createElement('p', null, `${t('Cancel')} / ${t('Save')}`);
}

async function render(props: Omit<AuthProviderProps, 'app'>): Promise<string> {
  const { prelude } = await prerender(createElement(AuthProvider, { app, ...props }, createElement(Words)));
  return new Response(prelude).text();
}

afterEach(() => vi.restoreAllMocks());

describe('useTranslation', () => {
  it('speaks the provider’s lang once its chunk has loaded, with the app’s overrides on top', async () => {
    expect(await render({})).toContain('Cancel / Save');
    expect(await render({ lang: 'de-DE' })).toContain('Abbrechen / Speichern');
    expect(await render({ lang: 'ja-JP', translationOverrides: { Save: 'セーブ' } })).toContain('キャンセル / セーブ');
  });

  it('warns once in development about an override key that matches nothing, however often it renders', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const overrides = { 'Sign inn': 'Log in', Cancel: 'Stop' };
    expect(await render({ translationOverrides: overrides })).toContain('Stop / Save');
    await render({ translationOverrides: { ...overrides } });
    await render({ lang: 'fr-FR', translationOverrides: overrides });
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toContain('"Sign inn"');
    expect(warn.mock.calls[0]?.[0]).not.toContain('"Cancel"');
  });

  it('says nothing when every override key is the components’ words, nor in a production build', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await render({ translationOverrides: { Close: 'Dismiss' } });
    vi.stubEnv('NODE_ENV', 'production');
    await render({ translationOverrides: { 'Not our words': 'x' } });
    vi.unstubAllEnvs();
    expect(warn).not.toHaveBeenCalled();
  });
});
