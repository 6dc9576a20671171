// authworker/admin: the admin app (admin key or a project owner's session) and project owners' helpers.

export { StackAdminApp } from './admin-app.ts';
export { NotImplementedError } from '../protocol/not-implemented-error.ts';
export type { StackAdminAppOptions } from './options.ts';
export type { AdminProject, AdminProjectUpdateOptions } from './admin-project.ts';
export type { ApiKey, ApiKeyCreateOptions, ApiKeyFirstView } from './api-keys.ts';
export type { EmailTemplateUpdateOptions } from './email-templates.ts';
export type { ProjectMetrics, DailyCount } from './metrics.ts';
export type { TeamPermissionDefinitionCreateOptions, TeamPermissionDefinitionUpdateOptions } from './permission-definitions.ts';
export type { SendTestEmailOptions, SmtpEmailConfig } from './send-test-email.ts';
export { ProjectOwner, INTERNAL_PROJECT_ID, type AdminOwnedProject, type AdminProjectCreateOptions, type ProjectOwnerOptions } from './project-owner.ts';
export { OWNER_SESSION_ATTEMPTS } from './owner-session-transport.ts';
export type { ApiKeyInvalidReason } from '../flows/api-key-validity.ts';
export type { ProductionModeError } from '../flows/production-mode.ts';
export type {
  AdminProjectData,
  ApiKeyData,
  ApiKeyFirstViewData,
  EmailTemplateData,
  EmailTemplateType,
  PermissionDefinitionData,
} from '../protocol/index.ts';
export {
  createSvixClient,
  svixServerUrl,
  type SvixAttemptListOptions,
  type SvixClient,
  type SvixClientOptions,
  type SvixEndpointIn,
  type SvixEndpointListOptions,
  type SvixListOptions,
  type SvixMessageOptions,
} from './svix-client.ts';
export { SvixApiError, SvixError, SvixResponseError } from './svix-errors.ts';
export { SvixListQuery, type SvixListSnapshot, type SvixPageReader } from './svix-list.ts';
export { SVIX_MESSAGE_STATUS, type SvixEndpoint, type SvixList, type SvixMessage, type SvixMessageAttempt } from '../protocol/schemas/svix.ts';
