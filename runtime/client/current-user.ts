import { requireCallbackUrl } from '../flows/handler-urls.ts';
import { KnownErrors, type KnownError } from '../protocol/known-error-classes.ts';
import type { CurrentUserData, CurrentUserUpdate } from '../protocol/schemas/user.ts';
import { createContactChannel, listContactChannels, type ContactChannel } from './contact-channels.ts';
import type { ClientContext } from './context.ts';
import type { Result } from '../protocol/result.ts';
import { asResult } from './sign-in.ts';

export type { CurrentUserUpdate };

/** The signed-in user: its data plus the operations of the official SDK's user object. */
export interface CurrentUser extends CurrentUserData {
  update(update: CurrentUserUpdate): Promise<void>;
  setDisplayName(displayName: string | null): Promise<void>;
  setClientMetadata(metadata: unknown): Promise<void>;
  setSelectedTeam(teamId: string | null): Promise<void>;
  updatePassword(options: { oldPassword: string; newPassword: string }): Promise<Result<undefined, KnownError>>;
  setPassword(options: { password: string }): Promise<Result<undefined, KnownError>>;
  sendVerificationEmail(options?: { callbackUrl?: string }): Promise<Result<undefined, KnownError>>;
  listContactChannels(): Promise<ContactChannel[]>;
  createContactChannel(options: { value: string; type: 'email'; usedForAuth: boolean; isPrimary?: boolean }): Promise<ContactChannel>;
  /** Deletes the account (if the project allows it) and signs out every tab. */
  delete(): Promise<void>;
  signOut(): Promise<void>;
}

export async function fetchCurrentUser(ctx: ClientContext, signOut: () => Promise<void>): Promise<CurrentUser | null> {
  const [body, wire] = await Promise.all([ctx.transport.sendJson({ path: '/users/me' }), import('./entity-wire.ts')]);
  if (body === null) return null;
  return bindCurrentUser(ctx, wire.readCurrentUser(body), signOut);
}

export function bindCurrentUser(ctx: ClientContext, data: CurrentUserData, signOut: () => Promise<void>): CurrentUser {
  const update = async (patch: CurrentUserUpdate): Promise<void> => {
    const { toUserUpdateWire } = await import('./entity-wire.ts');
    await ctx.transport.sendJson({ path: '/users/me', method: 'PATCH', json: toUserUpdateWire(patch) });
    await ctx.userCache.reload();
  };
  const passwordCall = (path: string, json: Record<string, string>) =>
    asResult(async () => {
      await ctx.transport.sendJson({ path, method: 'POST', json });
      await ctx.userCache.reload();
      return undefined;
    }, [KnownErrors.PasswordConfirmationMismatch, KnownErrors.PasswordRequirementsNotMet]);

  return {
    ...data,
    update,
    setDisplayName: (displayName) => update({ displayName }),
    setClientMetadata: (clientMetadata) => update({ clientMetadata }),
    setSelectedTeam: (selectedTeamId) => update({ selectedTeamId }),
    updatePassword: ({ oldPassword, newPassword }) => passwordCall('/auth/password/update', { old_password: oldPassword, new_password: newPassword }),
    setPassword: ({ password }) => passwordCall('/auth/password/set', { password }),
    async sendVerificationEmail(options = {}) {
      if (!data.primaryEmail) throw new Error('authworker: the user has no primary e-mail to verify.');
      const callbackUrl = requireCallbackUrl('send verification email', options.callbackUrl, ctx.urls.emailVerification, ctx.currentUrl());
      return asResult(async () => {
        await ctx.transport.sendJson({
          path: '/contact-channels/send-verification-code',
          method: 'POST',
          json: { email: data.primaryEmail, callback_url: callbackUrl },
        });
        return undefined;
      }, [KnownErrors.EmailAlreadyVerified]);
    },
    listContactChannels: () => listContactChannels(ctx),
    createContactChannel: (options) => createContactChannel(ctx, options),
    async delete() {
      await ctx.backend.call('deleteUser');
      await ctx.syncSession();
    },
    signOut,
  };
}
