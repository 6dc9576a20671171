// The device told (WebAuthn signal API): after a passkey is removed, found unknown at sign-in, or the user's name
// changes, the browser's passkey manager is told so it stops offering a dead passkey or shows the new name. Each call
// only where the browser has it (Chromium 132+, Safari 26); elsewhere, and when the browser refuses, nothing happens.
import type { CurrentUserData } from '../../protocol/schemas/user.ts';

type SignalName = 'signalUnknownCredential' | 'signalAllAcceptedCredentials' | 'signalCurrentUserDetails';
type Signals = Partial<Record<SignalName, (options: Record<string, unknown>) => Promise<void>>>;

/** What a signal needs of the user: the protocol's user handle is their id's UTF-8 bytes (the registration options' `user.id`). */
export type SignalledUser = Pick<CurrentUserData, 'id' | 'displayName' | 'primaryEmail' | 'passkeyAuthEnabled'>;

function signal(name: SignalName, options: Record<string, unknown>): void {
  const credentials = (globalThis as { PublicKeyCredential?: Signals }).PublicKeyCredential;
  const call = credentials?.[name];
  // The rp id is this page's hostname, as the ceremonies use it (runtime/flows/passkey-options.ts).
  if (typeof call === 'function') call.call(credentials, { rpId: location.hostname, ...options }).catch(() => undefined);
}

/** base64url (no padding) of the user id's UTF-8 bytes: the WebAuthn user handle the backend registers passkeys under. */
export function userHandle(userId: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(userId))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The name the backend gives a passkey at registration (its user.name and user.displayName). */
export const passkeyUserName = (user: SignalledUser): string => user.displayName || user.primaryEmail || 'Stack Auth User';

/** The user's passkey is gone: one passkey per user, so none of theirs is accepted any more. */
export function signalPasskeyRemoved(user: SignalledUser): void {
  signal('signalAllAcceptedCredentials', { userId: userHandle(user.id), allAcceptedCredentialIds: [] });
}

/** A new passkey replaced the old one: only `credentialId` is accepted now. */
export function signalPasskeyReplaced(userId: string, credentialId: string): void {
  signal('signalAllAcceptedCredentials', { userId: userHandle(userId), allAcceptedCredentialIds: [credentialId] });
}

/** The backend knows no passkey with this credential id (deleted, or from another project on this host). */
export function signalUnknownPasskey(credentialId: string): void {
  signal('signalUnknownCredential', { credentialId });
}

/** The user's name as a passkey shows it changed: the device shows the new one. Only for a user who has a passkey. */
export function signalUserDetails(before: SignalledUser | null | undefined, after: SignalledUser): void {
  if (!after.passkeyAuthEnabled || (before && before.id === after.id && passkeyUserName(before) === passkeyUserName(after))) return;
  const name = passkeyUserName(after);
  signal('signalCurrentUserDetails', { userId: userHandle(after.id), name, displayName: name });
}
