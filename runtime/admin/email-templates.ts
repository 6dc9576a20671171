// E-mail templates (protocol.md §7.9, §13.4): always four types; customising one clears `isDefault`.

import { ENDPOINTS } from '../protocol/endpoints.ts';
import { dropUndefined } from '../protocol/schemas/common.ts';
import { toEmailTemplate, type EmailTemplateData, type EmailTemplateType } from '../protocol/schemas/admin.ts';
import { callEndpoint, type AppContext } from '../server/context.ts';

export interface EmailTemplateUpdateOptions {
  subject?: string;
  /** The editor's JSON document. */
  content?: unknown;
}

export async function listEmailTemplates(ctx: AppContext): Promise<EmailTemplateData[]> {
  const wire = await callEndpoint(ctx, ENDPOINTS.emailTemplatesList, {});
  return wire.items.map(toEmailTemplate);
}

export async function updateEmailTemplate(ctx: AppContext, type: EmailTemplateType, options: EmailTemplateUpdateOptions): Promise<EmailTemplateData> {
  const body = dropUndefined({ subject: options.subject, content: options.content });
  return toEmailTemplate(await callEndpoint(ctx, ENDPOINTS.emailTemplatesUpdate, { params: { type }, body }));
}

/** Back to the default; a template that was never customised answers 404 "Email template not found". */
export async function resetEmailTemplate(ctx: AppContext, type: EmailTemplateType): Promise<void> {
  await callEndpoint(ctx, ENDPOINTS.emailTemplatesDelete, { params: { type }, body: {} });
}
