// /email-templates: admin list of four, read, customise, reset to the default.
import { Hono } from 'hono';
import { EMAIL_TEMPLATE_TYPES, getEmailTemplate, isValidTemplateContent, listEmailTemplates, resetEmailTemplate, updateEmailTemplate, type EmailTemplateType } from '../domain/email-templates.ts';
import type { AppEnv } from '../http/env.ts';
import { tableRoute } from '../http/table-route.ts';
import { json, success } from '../http/respond.ts';
import { json as anyJson, object, string } from '../http/schema.ts';
import { StatusError } from '../core/status-error.ts';

const typeParams = object({ type: string({ oneOf: EMAIL_TEMPLATE_TYPES }) });

export const emailTemplateRoutes = new Hono<AppEnv>()
  .on(
    ...tableRoute('emailTemplatesList', {}, async (c, { auth }) => json({ items: await listEmailTemplates(c.get('services').db, auth.project.id), is_paginated: false })),
  )
  .on(
    ...tableRoute('emailTemplatesGet', { params: typeParams }, async (c, { auth, params }) =>
      json(await getEmailTemplate(c.get('services').db, auth.project.id, params.type as EmailTemplateType)),
    ),
  )
  .on(
    ...tableRoute('emailTemplatesUpdate', { params: typeParams, body: object({ subject: string().optional(), content: anyJson().optional() }) }, async (c, { auth, params, body }) => {
      if (body.content && !isValidTemplateContent(body.content)) throw new StatusError(400, 'Invalid email template content');
      const patch = { ...(body.subject === undefined ? {} : { subject: body.subject }), ...(body.content ? { content: body.content } : {}) };
      return json(await updateEmailTemplate(c.get('services').db, auth.project.id, params.type as EmailTemplateType, patch));
    }),
  )
  .on(
    ...tableRoute('emailTemplatesDelete', { params: typeParams }, async (c, { auth, params }) => {
      if (!(await resetEmailTemplate(c.get('services').db, auth.project.id, params.type as EmailTemplateType))) {
        throw new StatusError(404, 'Email template not found');
      }
      return success();
    }),
  );
