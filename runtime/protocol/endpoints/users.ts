// Endpoint rows of users: users and contact channels.
import * as z from 'zod/mini';
import { ALL_ACCESS, SERVER_ACCESS, codeField, emptyBody, endpoint, queryBool, queryInt, strictBody } from '../endpoint.ts';
import { codeCheckResponseSchema, successResponseSchema } from '../schemas/common.ts';
import { contactChannelSchema } from '../schemas/contact-channel.ts';
import { listResponseSchema, paginatedListResponseSchema } from '../schemas/list.ts';
import { clientUserSchema, serverUserSchema } from '../schemas/user.ts';

const nullableString = z.nullable(z.string());
const json = z.unknown();

const clientUserFields = {
  display_name: z.optional(nullableString),
  profile_image_url: z.optional(nullableString),
  client_metadata: z.optional(json),
  totp_secret_base64: z.optional(nullableString),
  otp_auth_enabled: z.optional(z.boolean()),
  passkey_auth_enabled: z.optional(z.boolean()),
};

// Only updates may select a team; POST /users has no `selected_team_id`.
const selectedTeamField = { selected_team_id: z.optional(nullableString) };

const clientUserUpdateShape = { ...clientUserFields, ...selectedTeamField };

const serverUserCreateFields = {
  ...clientUserFields,
  client_read_only_metadata: z.optional(json),
  server_metadata: z.optional(json),
  primary_email: z.optional(nullableString),
  primary_email_verified: z.optional(z.boolean()),
  primary_email_auth_enabled: z.optional(z.boolean()),
  password: z.optional(nullableString),
  password_hash: z.optional(z.string()),
};

const serverUserUpdateShape = { ...serverUserCreateFields, ...selectedTeamField };

const contactChannelCreateShape = {
  user_id: z.string(),
  value: z.string(),
  type: z.literal('email'),
  used_for_auth: z.boolean(),
  is_primary: z.optional(z.boolean()),
};

const contactChannelUpdateShape = {
  value: z.optional(z.string()),
  type: z.optional(z.literal('email')),
  used_for_auth: z.optional(z.boolean()),
  is_primary: z.optional(z.boolean()),
};

export const USER_ENDPOINTS = {
  usersMe: endpoint({
    method: 'GET', path: '/users/me', access: ALL_ACCESS,
    response: clientUserSchema, serverResponse: serverUserSchema, successStatus: 200,
  }),
  usersMeUpdate: endpoint({
    method: 'PATCH', path: '/users/me', access: ALL_ACCESS,
    body: strictBody(clientUserUpdateShape), serverBody: strictBody(serverUserUpdateShape),
    response: clientUserSchema, serverResponse: serverUserSchema, successStatus: 200,
  }),
  usersMeDelete: endpoint({
    method: 'DELETE', path: '/users/me', access: ALL_ACCESS, body: z.optional(emptyBody), response: successResponseSchema, successStatus: 200,
  }),
  usersList: endpoint({
    method: 'GET', path: '/users', access: SERVER_ACCESS,
    query: z.strictObject({
      cursor: z.optional(z.string()), limit: z.optional(queryInt), order_by: z.optional(z.literal('signed_up_at')),
      desc: z.optional(queryBool), query: z.optional(z.string()), team_id: z.optional(z.string()),
    }),
    response: paginatedListResponseSchema(serverUserSchema), successStatus: 200,
  }),
  usersCreate: endpoint({
    method: 'POST', path: '/users', access: SERVER_ACCESS,
    body: strictBody({
      ...serverUserCreateFields,
      oauth_providers: z.optional(z.array(z.strictObject({ id: z.string(), account_id: z.string(), email: z.optional(nullableString) }))),
    }),
    response: serverUserSchema, successStatus: 201,
  }),
  usersGet: endpoint({ method: 'GET', path: '/users/{user_id}', access: SERVER_ACCESS, response: serverUserSchema, successStatus: 200 }),
  usersUpdate: endpoint({
    method: 'PATCH', path: '/users/{user_id}', access: SERVER_ACCESS, body: strictBody(serverUserUpdateShape), response: serverUserSchema, successStatus: 200,
  }),
  usersDelete: endpoint({
    method: 'DELETE', path: '/users/{user_id}', access: SERVER_ACCESS, body: z.optional(emptyBody), response: successResponseSchema, successStatus: 200,
  }),
  contactChannelsList: endpoint({
    method: 'GET', path: '/contact-channels', access: ALL_ACCESS,
    query: z.strictObject({ user_id: z.string(), contact_channel_id: z.optional(z.string()) }),
    response: listResponseSchema(contactChannelSchema), successStatus: 200,
  }),
  contactChannelsCreate: endpoint({
    method: 'POST', path: '/contact-channels', access: ALL_ACCESS,
    body: strictBody(contactChannelCreateShape), serverBody: strictBody({ ...contactChannelCreateShape, is_verified: z.optional(z.boolean()) }),
    response: contactChannelSchema, successStatus: 201,
  }),
  contactChannelsGet: endpoint({
    method: 'GET', path: '/contact-channels/{user_id}/{contact_channel_id}', access: ALL_ACCESS, response: contactChannelSchema, successStatus: 200,
  }),
  contactChannelsUpdate: endpoint({
    method: 'PATCH', path: '/contact-channels/{user_id}/{contact_channel_id}', access: ALL_ACCESS,
    body: strictBody(contactChannelUpdateShape), serverBody: strictBody({ ...contactChannelUpdateShape, is_verified: z.optional(z.boolean()) }),
    response: contactChannelSchema, successStatus: 200,
  }),
  contactChannelsDelete: endpoint({
    method: 'DELETE', path: '/contact-channels/{user_id}/{contact_channel_id}', access: ALL_ACCESS,
    body: z.optional(emptyBody), response: successResponseSchema, successStatus: 200,
  }),
  contactChannelsSendVerificationCode: endpoint({
    method: 'POST', path: '/contact-channels/{user_id}/{contact_channel_id}/send-verification-code', access: ALL_ACCESS,
    body: strictBody({ callback_url: z.string() }), response: successResponseSchema, successStatus: 200,
  }),
  /** Deprecated: the primary e-mail of the signed-in user. */
  contactChannelsLegacySendVerificationCode: endpoint({
    method: 'POST', path: '/contact-channels/send-verification-code', access: ALL_ACCESS, userRequired: true,
    body: strictBody({ email: z.string(), callback_url: z.string() }), response: successResponseSchema, successStatus: 200,
  }),
  contactChannelsVerify: endpoint({
    method: 'POST', path: '/contact-channels/verify', access: ALL_ACCESS, withoutSession: true,
    body: strictBody({ code: codeField }), response: successResponseSchema, successStatus: 200,
  }),
  contactChannelsVerifyCheckCode: endpoint({
    method: 'POST', path: '/contact-channels/verify/check-code', access: ALL_ACCESS,
    body: strictBody({ code: codeField }), response: codeCheckResponseSchema, successStatus: 200,
  }),
};
