import { describe, expect, it } from 'vitest';
import { notForPeople } from '../../testing/runtime/people-text.ts';
import { HttpError, NetworkError, OfflineError } from '../../runtime/http/errors.ts';
import { RedirectRefusedError } from '../../runtime/http/redirect-refused-error.ts';
import { createKnownError } from '../../runtime/protocol/errors/index.ts';
import { KNOWN_ERROR_CODES } from '../../runtime/protocol/errors/table.ts';
import { UnknownKnownError } from '../../runtime/protocol/errors/base.ts';
import { StackSetupError } from '../../runtime/protocol/setup-error.ts';
import { WorkerUnavailableError } from '../../runtime/client/backend/worker-connection.ts';
import { createTranslator, translate } from '../i18n/translator.ts';
import type { Translate } from '../i18n/translator.ts';
import { errorText, isUnreachable, waitingText, OFFLINE_TEXT, SOMETHING_WENT_WRONG, STILL_TRYING_TEXT, STILL_WAITING_TEXT, UNREACHABLE_TEXT } from './error-text.ts';

/** What people can meet besides the catalogue: the runtime's own failures and the API's plain-text answers. */
const OTHER_FAILURES: unknown[] = [
  new OfflineError(new TypeError('Failed to fetch')),
  new NetworkError(new TypeError('Failed to fetch'), { onLine: true }, 'http://localhost:8102/api/v1/users/me'),
  new HttpError('http://localhost:8102/api/v1/contact-channels', 400, 'Contact channel already exists'),
  new HttpError('http://localhost:8102/api/v1/teams', 403, 'Client team creation is disabled for this project'),
  new HttpError('http://localhost:8102/api/v1/users/me', 500, '<html>Internal Server Error</html>'),
  new HttpError('http://localhost:8102/api/v1/users/me', 429, 'Too Many Requests'),
  new UnknownKnownError('SOMETHING_NEWER', 'A newer service says no'),
  new RedirectRefusedError('http://localhost:8102/api/v1/users/me', 302, 'https://elsewhere.example'),
  new StackSetupError('authworker: StackClientApp needs the projectId option; it was not provided.'),
  new TypeError('Failed to fetch dynamically imported module: http://localhost:5173/assets/sign-in.js'),
  new Error('Stack Auth is unable to connect to the server.\n\n{"onLine":false}'),
  'a thrown string',
];

describe('errorText: what people read', () => {
  it('has short, plain words for every known-error code, with and without details', () => {
    for (const code of KNOWN_ERROR_CODES) {
      for (const details of [undefined, { min_length: 8, maxLength: 70, message: 'body.email must be a valid email' }]) {
        const text = errorText(createKnownError(code, details));
        expect(text, code).toMatch(/^[A-Z].*[.…]$/);
        expect(text.length, `${code}: ${text}`).toBeLessThanOrEqual(100);
        expect(notForPeople(text), code).toEqual([]);
      }
    }
  });

  it('and for every other failure, never the error message itself', () => {
    for (const failure of OTHER_FAILURES) {
      const text = errorText(failure);
      expect(notForPeople(text), String(failure)).toEqual([]);
      expect(text.length).toBeLessThanOrEqual(100);
      if (failure instanceof Error) expect(text).not.toBe(failure.message);
    }
    expect(notForPeople([OFFLINE_TEXT, UNREACHABLE_TEXT, STILL_WAITING_TEXT, STILL_TRYING_TEXT, SOMETHING_WENT_WRONG].join(' '))).toEqual([]);
  });

  it('tells offline from an unreachable server, keeps the details people need, and reads known plain answers', () => {
    expect(errorText(new OfflineError())).toBe(OFFLINE_TEXT);
    expect(errorText(new NetworkError('x', {}))).toBe(UNREACHABLE_TEXT);
    // As the worker bridge rebuilds them in the page: plain errors with the runtime's names.
    expect(errorText(Object.assign(new Error('…'), { name: 'NetworkError' }))).toBe(UNREACHABLE_TEXT);
    expect(errorText(createKnownError('PASSWORD_TOO_SHORT', { min_length: 12 }))).toBe('Choose a longer password: at least 12 characters.');
    expect(errorText(createKnownError('SCHEMA_ERROR', { message: 'body.email must be a valid email' }))).toBe('Enter a valid e-mail address.');
    expect(errorText(createKnownError('EMAIL_PASSWORD_MISMATCH'))).toBe('Wrong e-mail or password.');
    expect(errorText(new HttpError('u', 400, 'Contact channel already exists'))).toBe('This e-mail address is already on your account.');
    expect(errorText(new HttpError('u', 400, 'Some newer plain answer'))).toBe(SOMETHING_WENT_WRONG);
  });

  it('isUnreachable: offline, the server out of reach, or page code that did not load', () => {
    expect(isUnreachable(new OfflineError())).toBe(true);
    expect(isUnreachable(new NetworkError('x', {}))).toBe(true);
    expect(isUnreachable(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true);
    expect(isUnreachable(createKnownError('EMAIL_PASSWORD_MISMATCH'))).toBe(false);
    expect(isUnreachable(new HttpError('u', 500, 'x'))).toBe(false);
    // A worker that did not answer in time: the page retries it, as a server out of reach.
    const silentWorker = new WorkerUnavailableError('authworker: the service worker did not answer apiRequest within 30000 ms');
    expect(isUnreachable(silentWorker)).toBe(true);
    expect(errorText(silentWorker)).toBe(UNREACHABLE_TEXT);
  });

  it('speaks the given translation, numbers from the details filled in', async () => {
    const german = createTranslator('de-DE');
    await german.ready;
    const words = german.words();
    if (!words) throw new Error('no words');
    const t: Translate = (key, values) => translate(words, key, values);
    expect(errorText(createKnownError('PASSWORD_TOO_SHORT', { min_length: 12 }), t)).toBe('Wähle ein längeres Passwort: mindestens 12 Zeichen.');
    expect(errorText(createKnownError('EMAIL_PASSWORD_MISMATCH'), t)).toBe('E-Mail-Adresse oder Passwort ist falsch.');
    expect(errorText(new OfflineError(), t)).toBe('Du bist offline. Versuche es erneut, sobald du wieder online bist.');
    expect(errorText(new HttpError('u', 400, 'Contact channel already exists'), t)).toBe('Diese E-Mail-Adresse ist bereits in deinem Konto.');
    expect(waitingText(new OfflineError(), t)).toBe('Du bist offline. Die Seite lädt, sobald du wieder online bist.');
  });
});
