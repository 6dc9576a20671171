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

  /**
   * The admin view: every config field, with update, delete and getProductionModeErrors.
   *
   * @example
   * ```ts
   * const project = await admin.getProject();
   * for (const problem of project.getProductionModeErrors()) console.warn(problem.message);
   * ```
   */
  override async getProject(): Promise<AdminProject> {
    return adminProject(this.context, await getAdminProject(this.context));
  }

  /**
   * The project's API keys, each with only the last four characters of its keys.
   *
   * @example
   * ```ts
   * for (const key of await admin.listApiKeys()) {
   *   if (key.whyInvalid() === null && key.description === 'old CI') await key.revoke();
   * }
   * ```
   */
  listApiKeys(): Promise<ApiKey[]> {
    return listApiKeys(this.context);
  }

  /**
   * The answer is the only place the full keys ever appear.
   *
   * @example
   * ```ts
   * const created = await admin.createApiKey({
   *   description: 'CI',
   *   expiresAt: new Date(Date.now() + 90 * 86_400_000),
   *   hasPublishableClientKey: false,
   *   hasSecretServerKey: true,
   *   hasSuperSecretAdminKey: false,
   * });
   * console.log(created.secretServerKey);
   * ```
   */
  createApiKey(options: ApiKeyCreateOptions): Promise<ApiKeyFirstView> {
    return createApiKey(this.context, options);
  }

  /**
   * The 2.8 SDK's name for `listApiKeys`.
   *
   * @example
   * ```ts
   * const keys = await admin.listInternalApiKeys();
   * ```
   */
  listInternalApiKeys(): Promise<ApiKey[]> {
    return this.listApiKeys();
  }

  /**
   * The 2.8 SDK's name for `createApiKey`.
   *
   * @example
   * ```ts
   * const keys = await admin.createInternalApiKey({ description: 'CI', expiresAt: new Date(Date.now() + 86_400_000), hasPublishableClientKey: false, hasSecretServerKey: true, hasSuperSecretAdminKey: false });
   * ```
   */
  createInternalApiKey(options: ApiKeyCreateOptions): Promise<ApiKeyFirstView> {
    return this.createApiKey(options);
  }

  /**
   * One API key set by id.
   *
   * @example
   * ```ts
   * const key = await admin.getApiKey('3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f');
   * console.log(key.whyInvalid()); // null when it still works
   * ```
   */
  getApiKey(apiKeyId: string): Promise<ApiKey> {
    return getApiKey(this.context, apiKeyId);
  }

  /**
   * The project's four e-mail templates, each the default until customised.
   *
   * @example
   * ```ts
   * for (const template of await admin.listEmailTemplates()) console.log(template.type, template.isDefault);
   * ```
   */
  listEmailTemplates(): Promise<EmailTemplateData[]> {
    return listEmailTemplates(this.context);
  }

  /**
   * The template of `type`. The 2.8 SDK's `(id, tsxSource, themeId)` form throws NotImplementedError.
   *
   * @example
   * ```ts
   * await admin.updateEmailTemplate('magic_link', { subject: 'Your sign-in code for Acme' });
   * ```
   */
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

  /**
   * Puts the default back for a customised template.
   *
   * @example
   * ```ts
   * await admin.resetEmailTemplate('magic_link');
   * ```
   */
  resetEmailTemplate(type: EmailTemplateType): Promise<void> {
    return resetEmailTemplate(this.context, type);
  }

  /**
   * The team permissions of the project: the system ones (`$read_members`, ...) and its own.
   *
   * @example
   * ```ts
   * const ids = (await admin.listTeamPermissionDefinitions()).map((p) => p.id);
   * ```
   */
  listTeamPermissionDefinitions(): Promise<PermissionDefinitionData[]> {
    return listTeamPermissionDefinitions(this.context);
  }

  /**
   * Defines a team permission, which may contain others.
   *
   * @example
   * ```ts
   * await admin.createTeamPermissionDefinition({ id: 'editor', description: 'Edit documents', containedPermissionIds: ['$read_members'] });
   * ```
   */
  createTeamPermissionDefinition(options: TeamPermissionDefinitionCreateOptions): Promise<PermissionDefinitionData> {
    return createTeamPermissionDefinition(this.context, options);
  }

  /**
   * Changes a permission's description or what it contains.
   *
   * @example
   * ```ts
   * await admin.updateTeamPermissionDefinition('editor', { description: 'Edit and publish documents' });
   * ```
   */
  updateTeamPermissionDefinition(permissionId: string, options: TeamPermissionDefinitionUpdateOptions): Promise<PermissionDefinitionData> {
    return updateTeamPermissionDefinition(this.context, permissionId, options);
  }

  /**
   * Deletes a permission of the project; members holding it lose it.
   *
   * @example
   * ```ts
   * await admin.deleteTeamPermissionDefinition('editor');
   * ```
   */
  deleteTeamPermissionDefinition(permissionId: string): Promise<void> {
    return deleteTeamPermissionDefinition(this.context, permissionId);
  }

  /**
   * Token for the Svix webhook portal (the SDK's `useSvixToken`, without React).
   *
   * @example
   * ```ts
   * const token = await admin.getSvixToken(); // opens the project's webhook portal
   * ```
   */
  getSvixToken(): Promise<string> {
    return getSvixToken(this.context);
  }

  /**
   * The project's sign-ups and active users, in total and per day.
   *
   * @example
   * ```ts
   * const metrics = await admin.getMetrics();
   * console.log(metrics.totalUsers);
   * ```
   */
  getMetrics(): Promise<ProjectMetrics> {
    return getMetrics(this.context);
  }

  /**
   * `{status:'ok'}`, or `{status:'error', error:{errorMessage}}` when the SMTP server refused.
   *
   * @example
   * ```ts
   * const sent = await admin.sendTestEmail({
   *   recipientEmail: 'ops@example.com',
   *   emailConfig: { host: 'smtp.example.com', port: 587, username: 'u', password: 'p', senderName: 'Acme', senderEmail: 'no-reply@example.com' },
   * });
   * if (sent.status === 'error') console.warn(sent.error.errorMessage);
   * ```
   */
  sendTestEmail(options: SendTestEmailOptions): Promise<Result<undefined, { errorMessage: string }>> {
    return sendTestEmail(this.context, options);
  }
}
