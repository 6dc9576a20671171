// Contact channels and e-mail verification.
import { Hono } from 'hono';
import {
  CONTACT_CHANNEL_NOT_FOUND,
  contactChannelView,
  createContactChannel,
  deleteContactChannel,
  findContactChannel,
  getContactChannel,
  listContactChannels,
  updateContactChannel,
} from '../domain/contact-channels.ts';
import { sendChannelVerificationEmail, verifyChannelWithCode } from '../domain/contact-channel-verification.ts';
import type { AppEnv } from '../http/env.ts';
import { resolveUserId, signedInUser } from '../http/endpoint.ts';
import { tableRoute } from '../http/table-route.ts';
import { KnownError } from '../core/known-errors.ts';
import { json, success } from '../http/respond.ts';
import { boolean, object, string, type Infer, type Schema } from '../http/schema.ts';
import { codeField } from '../http/request-fields.ts';
import { StatusError } from '../core/status-error.ts';
import { primaryEmailChannel } from '../domain/user-record.ts';

const denied = (action: string) => `Client can only ${action} contact channels for their own user.`;
const channelParams = object({ user_id: string({ uuidOrMe: true }), contact_channel_id: string({ uuid: true }) });
const clientPatch = {
  value: string({ email: 'plain' }).optional(),
  type: string({ oneOf: ['email'] }).optional(),
  used_for_auth: boolean().optional(),
  is_primary: boolean().optional(),
};
const createClientFields = {
  user_id: string({ uuidOrMe: true }),
  value: string({ email: 'plain' }),
  type: string({ oneOf: ['email'] }),
  used_for_auth: boolean(),
  is_primary: boolean().optional(),
};
// Only server/admin may set is_verified; for a client the key is an unknown property.
const createServerSchema = object({ ...createClientFields, is_verified: boolean().optional() });
const createClientSchema: Schema<Infer<typeof createServerSchema>> = object(createClientFields);
const patchServerSchema = object({ ...clientPatch, is_verified: boolean().optional() });
const patchClientSchema: Schema<Infer<typeof patchServerSchema>> = object(clientPatch);

export const contactChannelRoutes = new Hono<AppEnv>()
  .on(
    ...tableRoute('contactChannelsList',
      { query: object({ user_id: string({ uuidOrMe: true }), contact_channel_id: string({ uuid: true }).optional() }) },
      async (c, { auth, query }) => {
        const user = await resolveUserId(c, auth, query.user_id, denied('list'));
        const rows = await listContactChannels(c.get('services').db, auth.project.id, user.row.id);
        const items = rows.filter((r) => query.contact_channel_id === undefined || r.id === query.contact_channel_id).map(contactChannelView);
        return json({ items, is_paginated: false });
      },
    ),
  )
  .on(
    ...tableRoute('contactChannelsCreate',
      {
        
        body: (_d, accessType) => (accessType === 'client' ? createClientSchema : createServerSchema),
      },
      async (c, { auth, body }) => {
        const services = c.get('services');
        const user = await resolveUserId(c, auth, body.user_id, denied('create'));
        const row = await createContactChannel(
          services.db,
          auth.project.id,
          user.row.id,
          { value: body.value, usedForAuth: body.used_for_auth, isPrimary: body.is_primary ?? false, isVerified: body.is_verified ?? false },
          services.clock.now(),
        );
        return json(contactChannelView(row), 201);
      },
    ),
  )
  .on(
    ...tableRoute('contactChannelsLegacySendVerificationCode',
      { user: 'required', body: object({ email: string({ email: 'plain' }), callback_url: string({ url: true }) }) },
      async (c, { auth, body }) => {
        const user = signedInUser(auth);
        const primary = primaryEmailChannel(user);
        if (!primary || primary.value !== body.email) {
          throw new KnownError('EMAIL_IS_NOT_PRIMARY_EMAIL', { email: body.email, primary_email: primary?.value ?? null });
        }
        if (primary.is_verified) throw new KnownError('EMAIL_ALREADY_VERIFIED');
        await sendChannelVerificationEmail(c.get('services'), auth.project, { userId: user.row.id, channelId: primary.id, email: primary.value }, body.callback_url);
        return success();
      },
    ),
  )
  .on(
    ...tableRoute('contactChannelsVerify', { body: object({ code: codeField() }) }, async (c, { auth, body }) => {
      await verifyChannelWithCode(c.get('services'), auth.project, body.code, true);
      return success();
    }),
  )
  .on(
    ...tableRoute('contactChannelsVerifyCheckCode', { body: object({ code: codeField() }) }, async (c, { auth, body }) => {
      await verifyChannelWithCode(c.get('services'), auth.project, body.code, false);
      return json({ is_code_valid: true });
    }),
  )
  .on(
    ...tableRoute('contactChannelsSendVerificationCode', { params: channelParams, body: object({ callback_url: string({ url: true }) }) }, async (c, { auth, params, body }) => {
      // The backend's order for clients: no user session first (a known error), then someone else's id (plain text).
      if (auth.type === 'client' && !auth.user) throw new KnownError('CANNOT_GET_OWN_USER_WITHOUT_USER');
      if (auth.type === 'client' && params.user_id !== 'me' && params.user_id !== auth.user?.row.id) {
        throw new StatusError(400, 'Can only send verification code for your own user');
      }
      const user = await resolveUserId(c, auth, params.user_id, 'Can only send verification code for your own user');
      const channel = await getContactChannel(c.get('services').db, auth.project.id, user.row.id, params.contact_channel_id);
      if (channel.is_verified) throw new KnownError('EMAIL_ALREADY_VERIFIED');
      await sendChannelVerificationEmail(c.get('services'), auth.project, { userId: user.row.id, channelId: channel.id, email: channel.value }, body.callback_url);
      return success();
    }),
  )
  .on(
    ...tableRoute('contactChannelsGet', { params: channelParams }, async (c, { auth, params }) => {
      const user = await resolveUserId(c, auth, params.user_id, denied('read'));
      return json(contactChannelView(await getContactChannel(c.get('services').db, auth.project.id, user.row.id, params.contact_channel_id)));
    }),
  )
  .on(
    ...tableRoute(
      'contactChannelsUpdate',
      {
        params: channelParams,
        body: (_d, accessType) => (accessType === 'client' ? patchClientSchema : patchServerSchema),
      },
      async (c, { auth, params, body }) => {
        const db = c.get('services').db;
        const user = await resolveUserId(c, auth, params.user_id, denied('update'));
        const channel = await getContactChannel(db, auth.project.id, user.row.id, params.contact_channel_id);
        const updated = await updateContactChannel(db, channel, {
          ...(body.value === undefined ? {} : { value: body.value }),
          ...(body.used_for_auth === undefined ? {} : { usedForAuth: body.used_for_auth }),
          ...(body.is_primary === undefined ? {} : { isPrimary: body.is_primary }),
          ...(body.is_verified === undefined || auth.type === 'client' ? {} : { isVerified: body.is_verified }),
        });
        return json(contactChannelView(updated));
      },
    ),
  )
  .on(
    ...tableRoute('contactChannelsDelete', { params: channelParams }, async (c, { auth, params, smart }) => {
      const db = c.get('services').db;
      const user = await resolveUserId(c, auth, params.user_id, denied('delete'));
      const channel = await findContactChannel(db, auth.project.id, user.row.id, params.contact_channel_id);
      // The 2.7 backend's delete answers a missing channel with a 400 (its reads with a 404).
      if (!channel) throw new StatusError(smart.dialect === 'stack' ? 400 : 404, CONTACT_CHANNEL_NOT_FOUND);
      await deleteContactChannel(db, channel.id);
      return success();
    }),
  );
