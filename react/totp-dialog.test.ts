import { createElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SessionSnapshot } from '../runtime/bridge/messages.ts';
import type { StackClientApp } from '../runtime/client/client-app.ts';
import { askForTotp, TotpDialog, type TotpDialogProps } from './totp-dialog.tsx';

const INVALID = 'The TOTP code is invalid. Please try again.';

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
  return { app, show: (node: ReactNode) => shown.push(node), dialog, shown, signIn: () => (snapshot = { ...snapshot, status: 'signed-in', userId: 'u', seq: 2 }) };
}

describe('TotpDialog', () => {
  it('is a labelled modal with a numeric one-time-code input, an announced error and both actions', () => {
    const html = renderToStaticMarkup(createElement(TotpDialog, { error: INVALID, onDone: () => undefined }));
    expect(html).toMatch(/^<dialog class="aw-page aw-dialog" aria-labelledby="([^"]+)-title"><style>/);
    expect(html).toContain('>Two-factor authentication</h1>');
    expect(html).toMatch(/<label for="[^"]+-code">Code from your authenticator app<input /);
    for (const attribute of ['name="totp"', 'inputMode="numeric"', 'autoComplete="one-time-code"', 'pattern="[0-9]{6}"', 'required=""', 'aria-invalid="true"']) {
      expect(html).toContain(attribute);
    }
    expect(html).toMatch(/<p id="[^"]+-error" class="aw-error" role="alert" aria-live="assertive">The TOTP code is invalid\. Please try again\.<\/p>/);
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
    const { app, show, dialog, shown } = fakeApp();
    const asked = askForTotp(app, show);
    expect(dialog().props.error).toBeNull();
    dialog().props.onDone('123456');
    expect(await asked).toBe('123456');
    expect(shown.at(-1)).toBeNull();
  });

  it('asks again with the catalogue message when the last code signed nobody in; a sign-in or a cancel starts clean', async () => {
    const { app, show, dialog, signIn } = fakeApp();
    let asked = askForTotp(app, show);
    dialog().props.onDone('000000');
    await asked;

    asked = askForTotp(app, show);
    expect(dialog().props.error).toBe(INVALID);
    dialog().props.onDone(null);
    expect(await asked).toBeNull();

    asked = askForTotp(app, show);
    expect(dialog().props.error).toBeNull();
    dialog().props.onDone('123456');
    await asked;
    signIn();
    asked = askForTotp(app, show);
    expect(dialog().props.error).toBeNull();
    dialog().props.onDone(null);
    await asked;
  });

  it('a second ask while one is open cancels the first; answers to a closed dialog are ignored', async () => {
    const { app, show, dialog } = fakeApp();
    const first = askForTotp(app, show);
    const firstDialog = dialog();
    const second = askForTotp(app, show);
    expect(await first).toBeNull();
    expect(dialog().key).not.toBe(firstDialog.key);
    firstDialog.props.onDone('111111');
    dialog().props.onDone('222222');
    expect(await second).toBe('222222');
  });
});
