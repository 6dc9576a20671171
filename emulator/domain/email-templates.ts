// E-mail templates: four types, each the default until customised. Content is an
// e-mail editor document ({root: {type: "EmailLayout", …}, <block id>: …}).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { EMAIL_TEMPLATE_TYPES, type EmailTemplateType } from '../../runtime/protocol/schemas/admin.ts';

export { EMAIL_TEMPLATE_TYPES, type EmailTemplateType };

const DEFAULT_SUBJECTS: Record<EmailTemplateType, string> = {
  email_verification: 'Verify your email at {{ projectDisplayName }}',
  password_reset: 'Reset your password at {{ projectDisplayName }}',
  magic_link: 'Sign in to {{ projectDisplayName }}: Your code is {{ otp }}',
  team_invitation: 'You have been invited to join {{ teamDisplayName }}',
};

const DEFAULT_TEXT: Record<EmailTemplateType, { heading: string; text: string; button: string; link: string }> = {
  email_verification: { heading: 'Verify your email', text: 'Please verify your e-mail address for {{ projectDisplayName }}.', button: 'Verify my email', link: '{{ emailVerificationLink }}' },
  password_reset: { heading: 'Reset your password', text: 'Reset your password for {{ projectDisplayName }}.', button: 'Reset my password', link: '{{ passwordResetLink }}' },
  magic_link: { heading: 'Sign in to {{ projectDisplayName }}', text: 'Your sign-in code is {{ otp }}.', button: 'Sign in', link: '{{ magicLink }}' },
  team_invitation: { heading: 'Join {{ teamDisplayName }}', text: 'You have been invited to join {{ teamDisplayName }}.', button: 'Join team', link: '{{ teamInvitationLink }}' },
};

function defaultContent(type: EmailTemplateType): Record<string, unknown> {
  const t = DEFAULT_TEXT[type];
  return {
    root: { type: 'EmailLayout', data: { backdropColor: '#F5F5F5', canvasColor: '#FFFFFF', textColor: '#242424', fontFamily: 'MODERN_SANS', childrenIds: ['heading', 'text', 'button'] } },
    heading: { type: 'Heading', data: { props: { text: t.heading, level: 'h3' }, style: { padding: { top: 16, bottom: 16, left: 24, right: 24 } } } },
    text: { type: 'Text', data: { props: { text: t.text }, style: { padding: { top: 0, bottom: 16, left: 24, right: 24 } } } },
    button: { type: 'Button', data: { props: { text: t.button, url: t.link }, style: { padding: { top: 16, bottom: 24, left: 24, right: 24 } } } },
  };
}

/** The backend's validateEmailTemplateContent, reduced to the document's skeleton. */
export function isValidTemplateContent(content: unknown): boolean {
  if (typeof content !== 'object' || content === null || Array.isArray(content)) return false;
  const root = (content as Record<string, unknown>).root;
  return typeof root === 'object' && root !== null && (root as Record<string, unknown>).type === 'EmailLayout';
}

// The backend builds the two shapes with different key orders.
const defaultView = (type: EmailTemplateType) => ({ type, content: defaultContent(type), subject: DEFAULT_SUBJECTS[type], is_default: true });
const customView = (row: { type: string; subject: string; content: unknown }) => ({ subject: row.subject, content: row.content, type: row.type, is_default: false });

export async function getEmailTemplate(db: Kysely<Database>, projectId: string, type: EmailTemplateType) {
  const row = await db.selectFrom('email_templates').selectAll().where('project_id', '=', projectId).where('type', '=', type).executeTakeFirst();
  return row ? customView(row) : defaultView(type);
}

/** Every template type, customised or default, in one query. */
export async function listEmailTemplates(db: Kysely<Database>, projectId: string) {
  const rows = await db.selectFrom('email_templates').selectAll().where('project_id', '=', projectId).execute();
  const byType = new Map(rows.map((row) => [row.type, row]));
  return EMAIL_TEMPLATE_TYPES.map((type) => {
    const row = byType.get(type);
    return row ? customView(row) : defaultView(type);
  });
}

/** Missing fields keep the customised (or default) value. */
export async function updateEmailTemplate(db: Kysely<Database>, projectId: string, type: EmailTemplateType, patch: { subject?: string; content?: unknown }) {
  const current = await getEmailTemplate(db, projectId, type);
  const subject = patch.subject || current.subject;
  const content = patch.content ?? current.content;
  await db
    .insertInto('email_templates')
    .values({ project_id: projectId, type, subject, content: JSON.stringify(content) })
    .onConflict((oc) => oc.columns(['project_id', 'type']).doUpdateSet({ subject, content: JSON.stringify(content) }))
    .execute();
  return getEmailTemplate(db, projectId, type);
}

/** Returns whether a customised template was removed. */
export async function resetEmailTemplate(db: Kysely<Database>, projectId: string, type: EmailTemplateType): Promise<boolean> {
  const result = await db.deleteFrom('email_templates').where('project_id', '=', projectId).where('type', '=', type).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
