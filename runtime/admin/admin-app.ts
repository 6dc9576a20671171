// StackAdminApp: the official SDK's admin app. Everything the server app does, plus project settings,
// API keys, e-mail templates, permission definitions, webhooks, metrics and test e-mails.

import type { EmailTemplateData, EmailTemplateType, PermissionDefinitionData } from '../protocol/schemas/admin.ts';
import type { Result } from '../protocol/result.ts';
import { StackServerApp, appContextIn, withAppContext } from '../server/server-app.ts';
import { createAdminContext } from './admin-context.ts';
import { adminProject, getAdminProject, type AdminProject } from './admin-project.ts';
import { createApiKey, getApiKey, listApiKeys, type ApiKey, type ApiKeyCreateOptions, type ApiKeyFirstView } from './api-keys.ts';
import {
  listEmailTemplates,
  resetEmailTemplate,
  tsxTemplatesNotImplemented,
  updateEmailTemplate,
  type EmailTemplateUpdateOptions,
} from './email-templates.ts';
import { getMetrics, type ProjectMetrics } from './metrics.ts';
import type { StackAdminAppOptions } from './options.ts';
import {
  createTeamPermissionDefinition,
  deleteTeamPermissionDefinition,
  listTeamPermissionDefinitions,
  updateTeamPermissionDefinition,
  type TeamPermissionDefinitionCreateOptions,
  type TeamPermissionDefinitionUpdateOptions,
} from './permission-definitions.ts';
import { sendTestEmail, type SendTestEmailOptions } from './send-test-email.ts';
import { SvixHub } from './svix-hub.ts';
import { getSvixToken } from './webhooks.ts';

/**
 * The admin app (super secret admin key, or a project owner's session): the server app plus the project's
 * configuration, keys, permission definitions, e-mail templates and webhooks.
 *
 * @example
 * ```ts
 * import { StackAdminApp } from 'authworker/admin';
 * const admin = new StackAdminApp({
 *   projectId: 'dfa45225-c0f9-490d-98d7-d2c978934c58',
 *   superSecretAdminKey: 'sak_94q46a1frgqhxh48zm9z72dkwd09n4cy8307wcsnrgy5v',
 *   baseUrl: 'http://localhost:8102',
 * });
 * console.log((await admin.getProject()).displayName);
 * ```
 */
export class StackAdminApp extends StackServerApp {
  #svix: SvixHub | undefined;

  constructor(options: StackAdminAppOptions) {
    super(appContextIn(options) === undefined ? withAppContext(options, createAdminContext(options)) : options);
  }

  /** What the Svix hooks of this app share (`authworker/react/admin`): one token, a client per server, the lists on screen. */
  get svix(): SvixHub {
    return (this.#svix ??= new SvixHub(() => this.getSvixToken(), this.projectId));
  }

  /** The admin view: every config field, with update, delete and getProductionModeErrors. */
  override async getProject(): Promise<AdminProject> {
    return adminProject(this.context, await getAdminProject(this.context));
  }

  listApiKeys(): Promise<ApiKey[]> {
    return listApiKeys(this.context);
  }

  /** The answer is the only place the full keys ever appear. */
  createApiKey(options: ApiKeyCreateOptions): Promise<ApiKeyFirstView> {
    return createApiKey(this.context, options);
  }

  /** The 2.8 SDK's name for `listApiKeys`. */
  listInternalApiKeys(): Promise<ApiKey[]> {
    return this.listApiKeys();
  }

  /** The 2.8 SDK's name for `createApiKey`. */
  createInternalApiKey(options: ApiKeyCreateOptions): Promise<ApiKeyFirstView> {
    return this.createApiKey(options);
  }

  getApiKey(apiKeyId: string): Promise<ApiKey> {
    return getApiKey(this.context, apiKeyId);
  }

  listEmailTemplates(): Promise<EmailTemplateData[]> {
    return listEmailTemplates(this.context);
  }

  /** The template of `type`. The 2.8 SDK's `(id, tsxSource, themeId)` form throws NotImplementedError. */
  updateEmailTemplate(type: EmailTemplateType, options: EmailTemplateUpdateOptions): Promise<EmailTemplateData>;
  updateEmailTemplate(id: string, tsxSource: string, themeId: string | null | false): Promise<{ renderedHtml: string }>;
  async updateEmailTemplate(type: string, options: EmailTemplateUpdateOptions | string): Promise<EmailTemplateData | { renderedHtml: string }> {
    if (typeof options === 'string') throw tsxTemplatesNotImplemented('updateEmailTemplate(id, tsxSource, themeId)');
    return updateEmailTemplate(this.context, type as EmailTemplateType, options);
  }

  /** The 2.8 SDK's TSX templates: throws NotImplementedError (the four built-in templates always exist). */
  async createEmailTemplate(displayName: string): Promise<{ id: string }> {
    throw tsxTemplatesNotImplemented(`createEmailTemplate(${JSON.stringify(displayName)})`);
  }

  /** The 2.8 SDK's TSX templates: throws NotImplementedError (`resetEmailTemplate(type)` undoes a customisation). */
  async deleteEmailTemplate(id: string): Promise<void> {
    throw tsxTemplatesNotImplemented(`deleteEmailTemplate(${JSON.stringify(id)})`);
  }

  resetEmailTemplate(type: EmailTemplateType): Promise<void> {
    return resetEmailTemplate(this.context, type);
  }

  listTeamPermissionDefinitions(): Promise<PermissionDefinitionData[]> {
    return listTeamPermissionDefinitions(this.context);
  }

  createTeamPermissionDefinition(options: TeamPermissionDefinitionCreateOptions): Promise<PermissionDefinitionData> {
    return createTeamPermissionDefinition(this.context, options);
  }

  updateTeamPermissionDefinition(permissionId: string, options: TeamPermissionDefinitionUpdateOptions): Promise<PermissionDefinitionData> {
    return updateTeamPermissionDefinition(this.context, permissionId, options);
  }

  deleteTeamPermissionDefinition(permissionId: string): Promise<void> {
    return deleteTeamPermissionDefinition(this.context, permissionId);
  }

  /** Token for the Svix webhook portal (the SDK's `useSvixToken`, without React). */
  getSvixToken(): Promise<string> {
    return getSvixToken(this.context);
  }

  getMetrics(): Promise<ProjectMetrics> {
    return getMetrics(this.context);
  }

  /** `{status:'ok'}`, or `{status:'error', error:{errorMessage}}` when the SMTP server refused. */
  sendTestEmail(options: SendTestEmailOptions): Promise<Result<undefined, { errorMessage: string }>> {
    return sendTestEmail(this.context, options);
  }
}
