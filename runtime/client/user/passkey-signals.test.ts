// The signal calls' arguments: the user handle the backend registers passkeys under, the name it gives them.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passkeyUserName, signalPasskeyRemoved, signalUserDetails, userHandle } from './passkey-signals.ts';

const user = (patch: Partial<Parameters<typeof passkeyUserName>[0]> = {}) => ({ id: 'u-ü1', displayName: null, primaryEmail: 'ada@example.com', passkeyAuthEnabled: true, ...patch });

function signalApi() {
  const signals = { signalAllAcceptedCredentials: vi.fn(async () => undefined), signalCurrentUserDetails: vi.fn(async () => undefined) };
  vi.stubGlobal('PublicKeyCredential', signals);
  vi.stubGlobal('location', { hostname: 'app.localhost' });
  return signals;
}
afterEach(() => vi.unstubAllGlobals());

describe('passkey signals', () => {
  it('the user handle is base64url of the id as UTF-8, as the registration options carry it', () => {
    expect(userHandle('u-ü1')).toBe(Buffer.from('u-ü1', 'utf8').toString('base64url'));
    expect(userHandle('3f1c9a1e-0000-4000-8000-00000000000a')).toBe(Buffer.from('3f1c9a1e-0000-4000-8000-00000000000a').toString('base64url'));
  });

  it('names the passkey as the backend does: display name, else primary e-mail, else its default', () => {
    expect(passkeyUserName(user({ displayName: 'Ada' }))).toBe('Ada');
    expect(passkeyUserName(user())).toBe('ada@example.com');
    expect(passkeyUserName(user({ primaryEmail: null }))).toBe('Stack Auth User');
  });

  it('a removed passkey: none of the user’s credentials is accepted any more', () => {
    const signals = signalApi();
    signalPasskeyRemoved(user());
    expect(signals.signalAllAcceptedCredentials).toHaveBeenCalledWith({ rpId: 'app.localhost', userId: userHandle('u-ü1'), allAcceptedCredentialIds: [] });
  });

  it('tells the new name only when the passkey’s name changed and the user has a passkey', () => {
    const signals = signalApi();
    signalUserDetails(user(), user({ displayName: 'Ada' }));
    expect(signals.signalCurrentUserDetails).toHaveBeenCalledWith({ rpId: 'app.localhost', userId: userHandle('u-ü1'), name: 'Ada', displayName: 'Ada' });
    signalUserDetails(user({ displayName: 'Ada' }), user({ displayName: 'Ada', primaryEmail: 'new@example.com' }));
    signalUserDetails(user(), user({ displayName: 'Bob', passkeyAuthEnabled: false }));
    expect(signals.signalCurrentUserDetails).toHaveBeenCalledTimes(1);
  });
});
