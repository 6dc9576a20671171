// Endpoint rows of teams: teams, memberships, member profiles, permissions, invitations.
import * as z from 'zod/mini';
import { ADMIN_ACCESS, ALL_ACCESS, SERVER_ACCESS, codeField, emptyBody, endpoint, queryBool, strictBody } from '../endpoint.ts';
import { permissionDefinitionSchema } from '../schemas/admin.ts';
import { teamInvitationDetailsResponseSchema, teamInvitationSendResponseSchema } from '../schemas/auth.ts';
import { codeCheckResponseSchema, successResponseSchema } from '../schemas/common.ts';
import { listResponseSchema } from '../schemas/list.ts';
import { clientTeamSchema, serverTeamSchema } from '../schemas/team.ts';
import {
  serverTeamMemberProfileSchema,
  teamInvitationSchema,
  teamMemberProfileSchema,
  teamMembershipSchema,
  teamPermissionSchema,
} from '../schemas/team-membership.ts';

const nullableString = z.nullable(z.string());
const clientTeamShape = { display_name: z.string(), profile_image_url: z.optional(nullableString), client_metadata: z.optional(z.unknown()) };
const serverTeamExtra = { client_read_only_metadata: z.optional(z.unknown()), server_metadata: z.optional(z.unknown()) };
const clientTeamUpdate = { display_name: z.optional(z.string()), profile_image_url: z.optional(nullableString), client_metadata: z.optional(z.unknown()) };
const definitionShape = { id: z.string().check(z.regex(/^[a-z0-9_:]+$/)), description: z.optional(z.string()), contained_permission_ids: z.optional(z.array(z.string())) };

export const TEAM_ENDPOINTS = {
  teamsList: endpoint({
    method: 'GET', path: '/teams', access: ALL_ACCESS, query: z.strictObject({ user_id: z.optional(z.string()) }),
    response: listResponseSchema(clientTeamSchema), serverResponse: listResponseSchema(serverTeamSchema), successStatus: 200,
  }),
  teamsCreate: endpoint({
    method: 'POST', path: '/teams', access: ALL_ACCESS,
    body: strictBody({ ...clientTeamShape, creator_user_id: z.optional(z.string()) }),
    serverBody: strictBody({ ...clientTeamShape, ...serverTeamExtra, creator_user_id: z.optional(z.string()) }),
    response: clientTeamSchema, serverResponse: serverTeamSchema, successStatus: 201,
  }),
  teamsGet: endpoint({
    method: 'GET', path: '/teams/{team_id}', access: ALL_ACCESS, response: clientTeamSchema, serverResponse: serverTeamSchema, successStatus: 200,
  }),
  teamsUpdate: endpoint({
    method: 'PATCH', path: '/teams/{team_id}', access: ALL_ACCESS,
    body: strictBody(clientTeamUpdate), serverBody: strictBody({ ...clientTeamUpdate, ...serverTeamExtra }),
    response: clientTeamSchema, serverResponse: serverTeamSchema, successStatus: 200,
  }),
  teamsDelete: endpoint({
    method: 'DELETE', path: '/teams/{team_id}', access: ALL_ACCESS, body: z.optional(emptyBody), response: successResponseSchema, successStatus: 200,
  }),
  teamMembershipsCreate: endpoint({
    method: 'POST', path: '/team-memberships/{team_id}/{user_id}', access: SERVER_ACCESS,
    body: z.optional(emptyBody), response: teamMembershipSchema, successStatus: 201,
  }),
  teamMembershipsDelete: endpoint({
    method: 'DELETE', path: '/team-memberships/{team_id}/{user_id}', access: ALL_ACCESS,
    body: z.optional(emptyBody), response: successResponseSchema, successStatus: 200,
  }),
  teamMemberProfilesList: endpoint({
    method: 'GET', path: '/team-member-profiles', access: ALL_ACCESS,
    query: z.strictObject({ team_id: z.optional(z.string()), user_id: z.optional(z.string()) }),
    response: listResponseSchema(teamMemberProfileSchema), serverResponse: listResponseSchema(serverTeamMemberProfileSchema), successStatus: 200,
  }),
  teamMemberProfilesGet: endpoint({
    method: 'GET', path: '/team-member-profiles/{team_id}/{user_id}', access: ALL_ACCESS,
    response: teamMemberProfileSchema, serverResponse: serverTeamMemberProfileSchema, successStatus: 200,
  }),
  teamMemberProfilesUpdate: endpoint({
    method: 'PATCH', path: '/team-member-profiles/{team_id}/{user_id}', access: ALL_ACCESS,
    body: strictBody({ display_name: z.optional(nullableString), profile_image_url: z.optional(nullableString) }),
    response: teamMemberProfileSchema, serverResponse: serverTeamMemberProfileSchema, successStatus: 200,
  }),
  teamPermissionsList: endpoint({
    method: 'GET', path: '/team-permissions', access: ALL_ACCESS,
    // The backend defaults `recursive` to false; send it explicitly.
    query: z.strictObject({ team_id: z.optional(z.string()), user_id: z.optional(z.string()), permission_id: z.optional(z.string()), recursive: z.optional(queryBool) }),
    response: listResponseSchema(teamPermissionSchema), successStatus: 200,
  }),
  teamPermissionsGrant: endpoint({
    method: 'POST', path: '/team-permissions/{team_id}/{user_id}/{permission_id}', access: SERVER_ACCESS,
    body: z.optional(emptyBody), response: teamPermissionSchema, successStatus: 201,
  }),
  teamPermissionsRevoke: endpoint({
    method: 'DELETE', path: '/team-permissions/{team_id}/{user_id}/{permission_id}', access: SERVER_ACCESS,
    body: z.optional(emptyBody), response: successResponseSchema, successStatus: 200,
  }),
  teamInvitationsSendCode: endpoint({
    method: 'POST', path: '/team-invitations/send-code', access: ALL_ACCESS,
    body: strictBody({ email: z.string(), team_id: z.string(), callback_url: z.string() }), response: teamInvitationSendResponseSchema, successStatus: 200,
  }),
  teamInvitationsList: endpoint({
    method: 'GET', path: '/team-invitations', access: ALL_ACCESS, query: z.strictObject({ team_id: z.string() }),
    response: listResponseSchema(teamInvitationSchema), successStatus: 200,
  }),
  teamInvitationsDelete: endpoint({
    method: 'DELETE', path: '/team-invitations/{id}', access: ALL_ACCESS, query: z.strictObject({ team_id: z.string() }),
    body: z.optional(emptyBody), response: successResponseSchema, successStatus: 200,
  }),
  teamInvitationsAcceptCheckCode: endpoint({
    method: 'POST', path: '/team-invitations/accept/check-code', access: ALL_ACCESS,
    body: strictBody({ code: codeField }), response: codeCheckResponseSchema, successStatus: 200,
  }),
  teamInvitationsAcceptDetails: endpoint({
    method: 'POST', path: '/team-invitations/accept/details', access: ALL_ACCESS, userRequired: true,
    body: strictBody({ code: codeField }), response: teamInvitationDetailsResponseSchema, successStatus: 200,
  }),
  teamInvitationsAccept: endpoint({
    method: 'POST', path: '/team-invitations/accept', access: ALL_ACCESS, userRequired: true,
    body: strictBody({ code: codeField }), response: z.object({}), successStatus: 200,
  }),
  teamPermissionDefinitionsList: endpoint({
    method: 'GET', path: '/team-permission-definitions', access: ADMIN_ACCESS, response: listResponseSchema(permissionDefinitionSchema), successStatus: 200,
  }),
  teamPermissionDefinitionsCreate: endpoint({
    method: 'POST', path: '/team-permission-definitions', access: ADMIN_ACCESS,
    body: strictBody(definitionShape), response: permissionDefinitionSchema, successStatus: 201,
  }),
  teamPermissionDefinitionsUpdate: endpoint({
    method: 'PATCH', path: '/team-permission-definitions/{permission_id}', access: ADMIN_ACCESS,
    body: strictBody({ ...definitionShape, id: z.optional(definitionShape.id) }), response: permissionDefinitionSchema, successStatus: 200,
  }),
  teamPermissionDefinitionsDelete: endpoint({
    method: 'DELETE', path: '/team-permission-definitions/{permission_id}', access: ADMIN_ACCESS,
    body: z.optional(emptyBody), response: successResponseSchema, successStatus: 200,
  }),
};
