// Edge paths of the current user's operations through StackClientApp (page-hosted, memory) against the
// in-process emulator: deletion the project does not allow, making a channel primary, verifying without
// a primary e-mail.
import { describe, expect, it } from 'vitest';
import { setProjectConfig } from '../../../testing/emulator/emulator.ts';
import { DEMO_PROJECT } from '../../../emulator/domain/seed.ts';
import { KnownError } from '../../protocol/errors/base.ts';
import { emulatorClientKit } from '../../../testing/runtime/client/emulator-client.ts';

const { emulator, clientApp } = emulatorClientKit();

const CALLBACK = 'http://localhost:5173/handler/email-verification';
const email = (label: string) => `${label}-${crypto.randomUUID()}@example.com`;

/** A signed-in app and the paths of the API requests it sends from now on. */
async function signedIn(address = email('edge')) {
  const requests: string[] = [];
  const app = clientApp({
    fetch: (input, init) => {
      const request = new Request(input, init);
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
      return Promise.resolve(emulator().app.fetch(request));
    },
  });
  await app.signUpWithCredential({ email: address, password: 'correct horse battery', noRedirect: true, verificationCallbackUrl: CALLBACK });
  requests.length = 0;
  return { app, address, requests };
}

describe('user.delete()', () => {
  it('is refused when the project has client user deletion off: the error of the API, the user stays signed in', async () => {
    const { app, address } = await signedIn();
    const user = await app.getUser({ or: 'throw' });
    await setProjectConfig(emulator(), DEMO_PROJECT.id, { client_user_deletion_enabled: false });
    try {
      const refusal = await user.delete().then(
        () => null,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(Error);
      // A plain-text answer of the API, not a catalogue error.
      expect(refusal).not.toBeInstanceOf(KnownError);
      expect((refusal as Error).message).toContain('Client user deletion is not enabled for this project');
    } finally {
      await setProjectConfig(emulator(), DEMO_PROJECT.id, { client_user_deletion_enabled: true });
    }
    expect(app.session.getSnapshot().status).toBe('signed-in');
    expect((await app.getUser({ or: 'throw' })).primaryEmail).toBe(address);
  });

  it('deletes the account and signs out when the project allows it', async () => {
    const { app } = await signedIn();
    await (await app.getUser({ or: 'throw' })).delete();
    expect(app.session.getSnapshot().status).toBe('signed-out');
    expect(await app.getUser()).toBeNull();
  });
});

describe('channel.update({ isPrimary: true })', () => {
  it("makes the channel primary, demotes the old one, and the user's primaryEmail follows (in the hooks' cache too)", async () => {
    const { app, address } = await signedIn();
    const unsubscribe = app.userCache.subscribe(() => undefined);
    try {
      const user = await app.getUser({ or: 'throw' });
      const second = email('second');
      const channel = await user.createContactChannel({ value: second, type: 'email', usedForAuth: true });
      expect(channel.isPrimary).toBe(false);

      expect(app.userCache.getSnapshot().user?.primaryEmail).toBe(address);

      await channel.update({ isPrimary: true });
      // The update names the user as changed: what subscribers read is refreshed before it settles, no getUser needed.
      expect(app.userCache.getSnapshot().user?.primaryEmail).toBe(second);
      const channels = await user.listContactChannels();
      expect(channels.filter((c) => c.isPrimary).map((c) => c.value)).toEqual([second]);
      expect(channels.find((c) => c.value === address)?.isPrimary).toBe(false);
      expect((await app.getUser({ or: 'throw' })).primaryEmail).toBe(second);
    } finally {
      unsubscribe();
    }
  });
});

describe('user.sendVerificationEmail()', () => {
  it('throws without a request when the user has no primary e-mail (the SDK asserts one exists)', async () => {
    const { app, requests } = await signedIn();
    const primary = (await (await app.getUser({ or: 'throw' })).listContactChannels()).find((c) => c.isPrimary);
    await primary?.delete();
    const user = await app.getUser({ or: 'throw' });
    expect(user.primaryEmail).toBeNull();

    requests.length = 0;
    await expect(user.sendVerificationEmail({ callbackUrl: CALLBACK })).rejects.toThrow('the user has no primary e-mail to verify');
    expect(requests.filter((r) => r.includes('send-verification-code'))).toEqual([]);
  });

  it('sends the legacy request with the primary e-mail otherwise', async () => {
    const { app, requests } = await signedIn();
    const user = await app.getUser({ or: 'throw' });
    expect(await user.sendVerificationEmail({ callbackUrl: CALLBACK })).toEqual({ status: 'ok', data: undefined });
    expect(requests).toContain('POST /api/v1/contact-channels/send-verification-code');
  });
});
