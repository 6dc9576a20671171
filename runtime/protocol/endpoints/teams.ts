// Endpoint rows of protocol.md §7.8: teams, memberships, member profiles, permissions, invitations.
import { z } from 'zod';
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

const nullableString = z.string().nullable();
const clientTeamShape = { display_name: z.string(), profile_image_url: nullableString.optional(), client_metadata: z.unknown().optional() };
const serverTeamExtra = { client_read_only_metadata: z.unknown().optional(), server_metadata: z.unknown().optional() };
const clientTeamUpdate = { display_name: z.string().optional(), profile_image_url: nullableString.optional(), client_metadata: z.unknown().optional() };
const definitionShape = { id: z.string().regex(/^[a-z0-9_:]+$/), description: z.string().optional(), contained_permission_ids: z.array(z.string()).optional() };

export const TEAM_ENDPOINTS = {
  teamsList: endpoint({
    method: 'GET', path: '/teams', access: ALL_ACCESS, query: z.strictObject({ user_id: z.string().optional() }),
    response: listResponseSchema(clientTeamSchema), serverResponse: listResponseSchema(serverTeamSchema), successStatus: 200,
  }),
  teamsCreate: endpoint({
    method: 'POST', path: '/teams', access: ALL_ACCESS,
    body: strictBody({ ...clientTeamShape, creator_user_id: z.string().optional() }),
    serverBody: strictBody({ ...clientTeamShape, ...serverTeamExtra, creator_user_id: z.string().optional() }),
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
    method: 'DELETE', path: '/teams/{team_id}', access: ALL_ACCESS, body: emptyBody.optional(), response: successResponseSchema, successStatus: 200,
  }),
  teamMembershipsCreate: endpoint({
    method: 'POST', path: '/team-memberships/{team_id}/{user_id}', access: SERVER_ACCESS,
    body: emptyBody.optional(), response: teamMembershipSchema, successStatus: 201,
  }),
  teamMembershipsDelete: endpoint({
    method: 'DELETE', path: '/team-memberships/{team_id}/{user_id}', access: ALL_ACCESS,
    body: emptyBody.optional(), response: successResponseSchema, successStatus: 200,
  }),
  teamMemberProfilesList: endpoint({
    method: 'GET', path: '/team-member-profiles', access: ALL_ACCESS,
    query: z.strictObject({ team_id: z.string().optional(), user_id: z.string().optional() }),
    response: listResponseSchema(teamMemberProfileSchema), serverResponse: listResponseSchema(serverTeamMemberProfileSchema), successStatus: 200,
  }),
  teamMemberProfilesGet: endpoint({
    method: 'GET', path: '/team-member-profiles/{team_id}/{user_id}', access: ALL_ACCESS,
    response: teamMemberProfileSchema, serverResponse: serverTeamMemberProfileSchema, successStatus: 200,
  }),
  teamMemberProfilesUpdate: endpoint({
    method: 'PATCH', path: '/team-member-profiles/{team_id}/{user_id}', access: ALL_ACCESS,
    body: strictBody({ display_name: nullableString.optional(), profile_image_url: nullableString.optional() }),
    response: teamMemberProfileSchema, serverResponse: serverTeamMemberProfileSchema, successStatus: 200,
  }),
  teamPermissionsList: endpoint({
    method: 'GET', path: '/team-permissions', access: ALL_ACCESS,
    // The backend defaults `recursive` to false; send it explicitly (protocol.md §11 #8).
    query: z.strictObject({ team_id: z.string().optional(), user_id: z.string().optional(), permission_id: z.string().optional(), recursive: queryBool.optional() }),
    response: listResponseSchema(teamPermissionSchema), successStatus: 200,
  }),
  teamPermissionsGrant: endpoint({
    method: 'POST', path: '/team-permissions/{team_id}/{user_id}/{permission_id}', access: SERVER_ACCESS,
    body: emptyBody.optional(), response: teamPermissionSchema, successStatus: 201,
  }),
  teamPermissionsRevoke: endpoint({
    method: 'DELETE', path: '/team-permissions/{team_id}/{user_id}/{permission_id}', access: SERVER_ACCESS,
    body: emptyBody.optional(), response: successResponseSchema, successStatus: 200,
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
    body: emptyBody.optional(), response: successResponseSchema, successStatus: 200,
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
    body: strictBody({ ...definitionShape, id: definitionShape.id.optional() }), response: permissionDefinitionSchema, successStatus: 200,
  }),
  teamPermissionDefinitionsDelete: endpoint({
    method: 'DELETE', path: '/team-permission-definitions/{permission_id}', access: ADMIN_ACCESS,
    body: emptyBody.optional(), response: successResponseSchema, successStatus: 200,
  }),
};
