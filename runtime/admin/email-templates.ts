// E-mail templates: always four types; customising one clears `isDefault`. The 2.8 SDK's
// TSX templates (same method names, other arguments) are not in the protocol this package speaks: they throw.

import { ENDPOINTS } from '../protocol/endpoints.ts';
import { dropUndefined } from '../protocol/schemas/common.ts';
import { toEmailTemplate, type EmailTemplateData, type EmailTemplateType } from '../protocol/schemas/admin.ts';
import { NotImplementedError } from '../protocol/not-implemented-error.ts';
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

/** The 2.8 SDK's TSX-template call `method` (e.g. `updateEmailTemplate(id, tsxSource, themeId)`), refused with the reason. */
export function tsxTemplatesNotImplemented(method: string): NotImplementedError {
  return new NotImplementedError(
    `authworker: ${method} of the 2.8 SDK edits TSX e-mail templates, which the protocol authworker speaks does not have. ` +
      "Edit a template's subject and content with updateEmailTemplate(type, { subject, content }), reset it with resetEmailTemplate(type).",
  );
}
