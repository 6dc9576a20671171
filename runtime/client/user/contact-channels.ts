import { requireCallbackUrl } from '../../flows/callback-urls.ts';
import type { KnownError } from '../../protocol/errors/base.ts';
import type { ContactChannelData, ContactChannelUpdate } from '../../protocol/schemas/contact-channel.ts';
import type { ClientContext } from '../app/context.ts';
import { signalUserDetails } from './passkey-signals.ts';
import { changed, readKey } from '../reads/read-keys.ts';
import type { Result } from '../../protocol/result.ts';
import { asResult } from '../app/as-result.ts';
import * as api from '../../protocol/contract/api.generated.ts';
import { apiCall } from '../backend/api-call.ts';

/** A contact channel of the current user, with the official SDK's operations. */
export interface ContactChannel extends ContactChannelData {
  update(update: ContactChannelUpdate): Promise<void>;
  delete(): Promise<void>;
  sendVerificationEmail(options?: { callbackUrl?: string }): Promise<Result<undefined, KnownError>>;
}

export async function listContactChannels(ctx: ClientContext): Promise<ContactChannel[]> {
  const [body, wire] = await Promise.all([ctx.transport.sendJson(apiCall(api.contactChannelsList, { query: { user_id: 'me' } })), import('./entity-wire.ts')]);
  return wire.readContactChannels(body).map((data) => bindContactChannel(ctx, data));
}

export async function createContactChannel(
  ctx: ClientContext,
  options: { value: string; type: 'email'; usedForAuth: boolean; isPrimary?: boolean },
): Promise<ContactChannel> {
  const wire = await import('./entity-wire.ts');
  const data = wire.readContactChannel(
    await ctx.transport.sendJson(apiCall(api.contactChannelsCreate, { json: wire.toContactChannelCreateWire({ ...options, userId: 'me' }) })),
  );
  await changed(ctx, data.isPrimary ? [readKey('contact-channels'), readKey('user')] : [readKey('contact-channels')]);
  return bindContactChannel(ctx, data);
}

function bindContactChannel(ctx: ClientContext, data: ContactChannelData): ContactChannel {
  const params = { user_id: 'me', contact_channel_id: data.id };
  return {
    ...data,
    async update(update) {
      const { toContactChannelUpdateWire } = await import('./entity-wire.ts');
      const before = ctx.userCache.getSnapshot().user;
      await ctx.transport.sendJson(apiCall(api.contactChannelsUpdate, { params, json: toContactChannelUpdateWire(update) }));
      // The user shows its primary e-mail (value, verification, used for auth): changed if this one was or becomes primary.
      await changed(ctx, data.isPrimary || update.isPrimary ? [readKey('contact-channels'), readKey('user')] : [readKey('contact-channels')]);
      // A new primary e-mail is the passkey's name for a user without a display name: the device follows.
      const after = ctx.userCache.getSnapshot().user;
      if (after && (data.isPrimary || update.isPrimary)) signalUserDetails(before, after);
    },
    async delete() {
      await ctx.transport.sendJson(apiCall(api.contactChannelsDelete, { params }));
      await changed(ctx, data.isPrimary ? [readKey('contact-channels'), readKey('user')] : [readKey('contact-channels')]);
    },
    async sendVerificationEmail(options = {}) {
      const callbackUrl = requireCallbackUrl('send verification email', options.callbackUrl, ctx.urls.emailVerification, ctx.currentUrl());
      return asResult(async () => {
        await ctx.transport.sendJson(apiCall(api.contactChannelsSendVerificationCode, { params, json: { callback_url: callbackUrl } }));
        return undefined;
      }, ['EMAIL_ALREADY_VERIFIED']);
    },
  };
}
