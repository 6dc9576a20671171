// Endpoint rows of the project and its admin: projects, API keys, e-mail templates, webhooks, metrics, misc.
import * as z from 'zod/mini';
import { ADMIN_ACCESS, ALL_ACCESS, NO_PROJECT_AUTH, emptyBody, endpoint, strictBody } from '../endpoint.ts';
import {
  apiKeyCreateResponseSchema,
  apiKeySchema,
  emailTemplateSchema,
  metricsSchema,
  sendTestEmailResponseSchema,
  svixTokenSchema,
} from '../schemas/admin.ts';
import { successResponseSchema } from '../schemas/common.ts';
import { listResponseSchema } from '../schemas/list.ts';
import { adminProjectSchema, clientProjectSchema } from '../schemas/project.ts';

const idRef = z.strictObject({ id: z.string() });
const standardEmail = { host: z.string(), port: z.number(), username: z.string(), password: z.string(), sender_name: z.string(), sender_email: z.string() };

const projectConfigUpdate = z.strictObject({
  sign_up_enabled: z.optional(z.boolean()),
  credential_enabled: z.optional(z.boolean()),
  magic_link_enabled: z.optional(z.boolean()),
  passkey_enabled: z.optional(z.boolean()),
  client_team_creation_enabled: z.optional(z.boolean()),
  client_user_deletion_enabled: z.optional(z.boolean()),
  // Only false is accepted.
  legacy_global_jwt_signing: z.optional(z.literal(false)),
  allow_localhost: z.optional(z.boolean()),
  create_team_on_sign_up: z.optional(z.boolean()),
  email_config: z.optional(z.union([z.strictObject({ type: z.literal('shared') }), z.strictObject({ type: z.literal('standard'), ...standardEmail })])),
  domains: z.optional(z.array(z.strictObject({ domain: z.string(), handler_path: z.string() }))),
  oauth_providers: z.optional(
    z.array(
      z.union([
        z.strictObject({ id: z.string(), enabled: z.boolean(), type: z.literal('shared') }),
        z.strictObject({
          id: z.string(), enabled: z.boolean(), type: z.literal('standard'), client_id: z.string(), client_secret: z.string(),
          facebook_config_id: z.optional(z.string()), microsoft_tenant_id: z.optional(z.string()),
        }),
      ]),
    ),
  ),
  team_creator_default_permissions: z.optional(z.array(idRef)),
  team_member_default_permissions: z.optional(z.array(idRef)),
});

const projectUpdateShape = {
  display_name: z.optional(z.string()),
  description: z.optional(z.nullable(z.string())),
  is_production_mode: z.optional(z.boolean()),
  config: z.optional(projectConfigUpdate),
};

export const PROJECT_ENDPOINTS = {
  // Client and server callers get the client view; admin reads `projectsCurrentAdmin`.
  projectsCurrent: endpoint({
    method: 'GET', path: '/projects/current', access: ['client', 'server'], withoutSession: true,
    response: clientProjectSchema, successStatus: 200,
  }),
  // The project's public signing keys: a server verifies access tokens with them.
  projectJwks: endpoint({
    method: 'GET', path: '/projects/{project_id}/.well-known/jwks.json', access: NO_PROJECT_AUTH,
    response: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }), successStatus: 200,
  }),
  projectsCurrentAdmin: endpoint({ method: 'GET', path: '/projects/current', access: ADMIN_ACCESS, response: adminProjectSchema, successStatus: 200 }),
  projectsCurrentUpdate: endpoint({
    method: 'PATCH', path: '/projects/current', access: ADMIN_ACCESS, body: strictBody(projectUpdateShape), response: adminProjectSchema, successStatus: 200,
  }),
  projectsCurrentDelete: endpoint({
    method: 'DELETE', path: '/projects/current', access: ADMIN_ACCESS, body: z.optional(emptyBody), response: successResponseSchema, successStatus: 200,
  }),
  internalProjectsList: endpoint({
    method: 'GET', path: '/internal/projects', access: ALL_ACCESS, userRequired: true, response: listResponseSchema(adminProjectSchema), successStatus: 200,
  }),
  internalProjectsCreate: endpoint({
    method: 'POST', path: '/internal/projects', access: ALL_ACCESS, userRequired: true,
    body: strictBody({ ...projectUpdateShape, display_name: z.string() }), response: adminProjectSchema, successStatus: 201,
  }),
  apiKeysList: endpoint({ method: 'GET', path: '/internal/api-keys', access: ADMIN_ACCESS, response: listResponseSchema(apiKeySchema), successStatus: 200 }),
  // 200, not 201.
  apiKeysCreate: endpoint({
    method: 'POST', path: '/internal/api-keys', access: ADMIN_ACCESS,
    body: strictBody({
      description: z.string(), expires_at_millis: z.number(), has_publishable_client_key: z.boolean(),
      has_secret_server_key: z.boolean(), has_super_secret_admin_key: z.boolean(),
    }),
    response: apiKeyCreateResponseSchema, successStatus: 200,
  }),
  apiKeysGet: endpoint({ method: 'GET', path: '/internal/api-keys/{api_key_id}', access: ADMIN_ACCESS, response: apiKeySchema, successStatus: 200 }),
  apiKeysUpdate: endpoint({
    method: 'PATCH', path: '/internal/api-keys/{api_key_id}', access: ADMIN_ACCESS,
    body: strictBody({ description: z.optional(z.string()), revoked: z.optional(z.literal(true)) }), response: apiKeySchema, successStatus: 200,
  }),
  emailTemplatesList: endpoint({
    method: 'GET', path: '/email-templates', access: ADMIN_ACCESS, response: listResponseSchema(emailTemplateSchema), successStatus: 200,
  }),
  emailTemplatesGet: endpoint({ method: 'GET', path: '/email-templates/{type}', access: ADMIN_ACCESS, response: emailTemplateSchema, successStatus: 200 }),
  emailTemplatesUpdate: endpoint({
    method: 'PATCH', path: '/email-templates/{type}', access: ADMIN_ACCESS,
    body: strictBody({ subject: z.optional(z.string()), content: z.optional(z.unknown()) }), response: emailTemplateSchema, successStatus: 200,
  }),
  emailTemplatesDelete: endpoint({
    method: 'DELETE', path: '/email-templates/{type}', access: ADMIN_ACCESS, body: z.optional(emptyBody), response: successResponseSchema, successStatus: 200,
  }),
  svixToken: endpoint({ method: 'POST', path: '/webhooks/svix-token', access: ADMIN_ACCESS, body: emptyBody, response: svixTokenSchema, successStatus: 201 }),
  metrics: endpoint({ method: 'GET', path: '/internal/metrics', access: ADMIN_ACCESS, response: metricsSchema, successStatus: 200 }),
  sendTestEmail: endpoint({
    method: 'POST', path: '/internal/send-test-email', access: ADMIN_ACCESS,
    body: strictBody({ recipient_email: z.string(), email_config: z.strictObject(standardEmail) }), response: sendTestEmailResponseSchema, successStatus: 200,
  }),
  // Accepts any JSON and always answers a "not yet supported" text; the SDK throws afterwards.
  checkFeatureSupport: endpoint({
    method: 'POST', path: '/check-feature-support', access: ALL_ACCESS, withoutSession: true, body: z.unknown(), response: 'text', successStatus: 200,
  }),
  checkVersion: endpoint({
    method: 'POST', path: '/check-version', access: NO_PROJECT_AUTH, body: strictBody({ clientVersion: z.string() }),
    response: z.object({ upToDate: z.boolean(), error: z.optional(z.string()), severe: z.optional(z.boolean()) }), successStatus: 200,
  }),
};
