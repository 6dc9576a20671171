import { createElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SessionSnapshot } from '../runtime/bridge/messages.ts';
import type { StackClientApp } from '../runtime/client/app/client-app.ts';
import { textForCode } from './components/error-text.ts';
import { askForTotp, TotpDialog, type PromptState, type TotpDialogProps } from './totp-dialog.tsx';

const INVALID = textForCode('INVALID_TOTP_CODE');

/** Just the session the prompt reads, and what the provider would render. */
function fakeApp() {
  let snapshot: SessionSnapshot = { status: 'signed-out', userId: null, network: 'online', seq: 1 };
  const app = { session: { getSnapshot: () => snapshot } } as unknown as StackClientApp;
  const shown: ReactNode[] = [];
  const dialog = () => {
    const last = shown.at(-1);
    if (!isValidElement(last)) throw new Error('no dialog shown');
    return last as ReactElement<TotpDialogProps>;
  };
  // What AuthProvider keeps with the prompt it installs.
  const state: PromptState = {};
  const ask = () => askForTotp(app, (node: ReactNode) => shown.push(node), state);
  return { app, ask, dialog, shown, signIn: () => (snapshot = { ...snapshot, status: 'signed-in', userId: 'u', seq: 2 }) };
}

describe('TotpDialog', () => {
  it('is a labelled modal with a numeric one-time-code input, an announced error and both actions', () => {
    const html = renderToStaticMarkup(createElement(TotpDialog, { wrongCode: true, onDone: () => undefined }));
    expect(html).toMatch(/^<style data-precedence="authworker" data-href="authworker-components">[^<]+<\/style><dialog class="aw-page aw-card aw-dialog" aria-labelledby="([^"]+)-title">/);
    expect(html).toContain('>Two-factor authentication</h1>');
    expect(html).toMatch(/<label for="[^"]+-code">Code from your authenticator app<input /);
    for (const attribute of ['name="totp"', 'inputMode="numeric"', 'autoComplete="one-time-code"', 'pattern="[0-9]{6}"', 'required=""', 'aria-invalid="true"']) {
      expect(html).toContain(attribute);
    }
    expect(html).toMatch(new RegExp(`<p id="[^"]+-error" class="aw-error" role="alert" aria-live="assertive">${INVALID}</p>`));
    expect(html).toContain('<button class="aw-button" type="submit">Verify</button>');
    expect(html).toContain('<button class="aw-button aw-secondary" type="button">Cancel</button>');
  });

  it('opens without an error unless told why it asks again', () => {
    const html = renderToStaticMarkup(createElement(TotpDialog, { onDone: () => undefined }));
    expect(html).toContain('aria-invalid="false"');
    expect(html).toMatch(/role="alert" aria-live="assertive"><\/p>/);
  });
});

describe('askForTotp', () => {
  it('resolves with the code entered and hides the dialog', async () => {
    const { ask, dialog, shown } = fakeApp();
    const asked = ask();
    expect(dialog().props.wrongCode).toBe(false);
    dialog().props.onDone('123456');
    expect(await asked).toBe('123456');
    expect(shown.at(-1)).toBeNull();
  });

  it('asks again with the catalogue message when the last code signed nobody in; a sign-in or a cancel starts clean', async () => {
    const { ask, dialog, signIn } = fakeApp();
    let asked = ask();
    dialog().props.onDone('000000');
    await asked;

    asked = ask();
    expect(dialog().props.wrongCode).toBe(true);
    dialog().props.onDone(null);
    expect(await asked).toBeNull();

    asked = ask();
    expect(dialog().props.wrongCode).toBe(false);
    dialog().props.onDone('123456');
    await asked;
    signIn();
    asked = ask();
    expect(dialog().props.wrongCode).toBe(false);
    dialog().props.onDone(null);
    await asked;
  });

  it('a second ask while one is open cancels the first; answers to a closed dialog are ignored', async () => {
    const { ask, dialog } = fakeApp();
    const first = ask();
    const firstDialog = dialog();
    const second = ask();
    expect(await first).toBeNull();
    expect(dialog().key).not.toBe(firstDialog.key);
    firstDialog.props.onDone('111111');
    dialog().props.onDone('222222');
    expect(await second).toBe('222222');
  });

  it('keeps nothing in the module: two providers of one app each have their own asks', async () => {
    const { app, ask, dialog } = fakeApp();
    const asked = ask();
    dialog().props.onDone('000000');
    await asked;
    // Another provider of the same app: its first ask opens clean, although this app's last code signed nobody in.
    const otherShown: ReactNode[] = [];
    const otherAsked = askForTotp(app, (node) => otherShown.push(node), {});
    const otherDialog = otherShown.at(-1) as ReactElement<TotpDialogProps>;
    expect(otherDialog.props.wrongCode).toBe(false);
    otherDialog.props.onDone(null);
    expect(await otherAsked).toBeNull();
  });
});
