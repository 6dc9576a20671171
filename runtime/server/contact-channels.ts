// Contact channels of any user: list, create, update, delete, send verification.

import { ENDPOINTS } from '../protocol/endpoints.ts';
import {
  toContactChannel,
  toContactChannelCreateWire,
  toContactChannelUpdateWire,
  type ContactChannelData,
} from '../protocol/schemas/contact-channel.ts';
import { callEndpoint, type AppContext } from './context.ts';

export interface ServerContactChannelCreateOptions {
  value: string;
  type: 'email';
  usedForAuth: boolean;
  isVerified?: boolean;
  /** Makes it the primary e-mail (the others are demoted). */
  isPrimary?: boolean;
}

export type ServerContactChannelUpdateOptions = Partial<ServerContactChannelCreateOptions>;

export interface SendVerificationEmailOptions {
  /** Where the e-mail's link leads (with `?code=`); must be on the project's trusted domains. */
  callbackUrl: string;
}

export interface ServerContactChannel extends ContactChannelData {
  update(options: ServerContactChannelUpdateOptions): Promise<ServerContactChannel>;
  delete(): Promise<void>;
  /** An already verified channel rejects with EMAIL_ALREADY_VERIFIED. */
  sendVerificationEmail(options: SendVerificationEmailOptions): Promise<void>;
}

function serverContactChannel(ctx: AppContext, data: ContactChannelData): ServerContactChannel {
  const params = { user_id: data.userId, contact_channel_id: data.id };
  return {
    ...data,
    async update(options) {
      const wire = await callEndpoint(ctx, ENDPOINTS.contactChannelsUpdate, { params, body: toContactChannelUpdateWire(options) });
      return serverContactChannel(ctx, toContactChannel(wire));
    },
    async delete() {
      await callEndpoint(ctx, ENDPOINTS.contactChannelsDelete, { params, body: {} });
    },
    async sendVerificationEmail(options) {
      await callEndpoint(ctx, ENDPOINTS.contactChannelsSendVerificationCode, { params, body: { callback_url: options.callbackUrl } });
    },
  };
}

export async function listContactChannels(ctx: AppContext, userId: string): Promise<ServerContactChannel[]> {
  const wire = await callEndpoint(ctx, ENDPOINTS.contactChannelsList, { query: { user_id: userId } });
  return wire.items.map((item) => serverContactChannel(ctx, toContactChannel(item)));
}

export async function createContactChannel(
  ctx: AppContext,
  userId: string,
  options: ServerContactChannelCreateOptions,
): Promise<ServerContactChannel> {
  const wire = await callEndpoint(ctx, ENDPOINTS.contactChannelsCreate, { body: toContactChannelCreateWire({ ...options, userId }) });
  return serverContactChannel(ctx, toContactChannel(wire));
}
