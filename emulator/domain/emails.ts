// Outgoing e-mail: the project's templates filled in, the sender, and delivery. Every message
// lands in the outbox table (read by /emulator/outbox and the mailbox API) before the request that sent it returns;
// a project with a standard e-mail config also gets it delivered through its SMTP server.
import type { Kysely } from 'kysely';
import type { Database, EmailRow } from '../db/schema.ts';
import { deliverOverSmtp } from '../mail/smtp.ts';
import { getEmailTemplate, type EmailTemplateType } from './email-templates.ts';
import type { Project } from './projects.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

/** The shared e-mail config sends as the project, from this address. */
const SHARED_SENDER_ADDRESS = 'noreply@example.com';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** One paragraph per blank-line-separated block; links are clickable. */
function toHtml(text: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((block) => escapeHtml(block).replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">${url}</a>`).replace(/\n/g, '<br>'))
    .map((block) => `<p>${block}</p>`);
  return `<!DOCTYPE html><html><body>${paragraphs.join('')}</body></html>`;
}

/**
 * Inbucket names a mailbox after the recipient's local part, lowercased and without a `+extension`; a name given to
 * the mailbox API is normalised the same way, so `Ann+test@x` and `ann` name one mailbox.
 */
function mailboxName(addressOrName: string): string {
  const local = addressOrName.split('@')[0] ?? addressOrName;
  return (local.split('+')[0] ?? local).toLowerCase();
}

/**
 * Outbox ids sort in the order the e-mails were sent: microseconds of the process's monotonic clock (never the
 * emulator clock, which tests move either way), then random digits against ties.
 */
function sequentialEmailId(): string {
  const micros = Math.floor((performance.timeOrigin + performance.now()) * 1000);
  const tie = crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
  return `${String(micros).padStart(17, '0')}-${String(tie).padStart(10, '0')}`;
}

/** `<name> <address>`: the project's display name on the shared config, the configured sender otherwise. */
export function senderOf(project: Project): { name: string; address: string } {
  const config = project.config.email_config;
  if (config.type === 'standard') return { name: config.sender_name, address: config.sender_email };
  return { name: project.displayName, address: SHARED_SENDER_ADDRESS };
}

/**
 * Records the e-mail in the outbox, then (standard e-mail config only) delivers it over SMTP. A delivery failure
 * is logged, never thrown: the backend sends these e-mails in the background, so the API call does not fail.
 */
export async function sendEmail(db: Kysely<Database>, project: Project, email: OutgoingEmail, nowMillis: number): Promise<EmailRow> {
  const from = senderOf(project);
  const row: EmailRow = {
    id: sequentialEmailId(),
    project_id: project.id,
    mailbox: mailboxName(email.to),
    recipient: email.to,
    sender: `${from.name} <${from.address}>`,
    subject: email.subject,
    text_body: email.text,
    html_body: toHtml(email.text),
    created_at_millis: nowMillis,
  };
  await db.insertInto('emails').values(row).execute();
  const config = project.config.email_config;
  if (config.type === 'standard') {
    await deliverOverSmtp(config, { from, to: email.to, subject: email.subject, text: row.text_body, html: row.html_body }).catch((error: unknown) => {
      console.error(`[emulator] SMTP delivery to ${email.to} via ${config.host}:${config.port} failed:`, error);
    });
  }
  return row;
}

const IGNORE = 'If you did not request this e-mail, you can ignore it.';

/**
 * Text bodies of the default templates. They keep every link, and the OTP, alone on a line so tools can read them
 * out; a customised template's body is rendered from its editor document instead.
 */
const DEFAULT_TEXT_BODIES: Record<EmailTemplateType, string> = {
  email_verification: `Hi,\n\nPlease verify your e-mail address for {{ projectDisplayName }} by opening this link:\n\n{{ emailVerificationLink }}\n\n${IGNORE}\n`,
  password_reset: `Hi,\n\nReset your password for {{ projectDisplayName }} by opening this link:\n\n{{ passwordResetLink }}\n\n${IGNORE}\n`,
  magic_link: `Hi,\n\nYour sign-in code for {{ projectDisplayName }} is:\n\n{{ otp }}\n\nOr sign in by opening this link:\n\n{{ magicLink }}\n\n${IGNORE}\n`,
  team_invitation:
    'Hi,\n\nYou have been invited to join the team {{ teamDisplayName }} on {{ projectDisplayName }}.\n\nAccept the invitation by opening this link:\n\n{{ teamInvitationLink }}\n\nIf you did not expect this, ignore this e-mail.',
};

/** Version 1 of the magic-link e-mail, for clients that cannot enter a code (see domain/client-version.ts). */
const LINK_ONLY_MAGIC_LINK = {
  subject: 'Sign in to {{ projectDisplayName }}',
  text: `Hi,\n\nSign in to {{ projectDisplayName }} by opening this link:\n\n{{ magicLink }}\n\n${IGNORE}\n`,
};

/** The link-only magic-link e-mail: no six-character code in the subject or the body. */
export function renderLinkOnlyMagicLinkEmail(project: Project, magicLink: string): Omit<OutgoingEmail, 'to'> {
  const all = { projectDisplayName: project.displayName, magicLink };
  return { subject: fillTemplate(LINK_ONLY_MAGIC_LINK.subject, all), text: fillTemplate(LINK_ONLY_MAGIC_LINK.text, all) };
}

/** The variables of each template besides `projectDisplayName`. */
export interface EmailVariables {
  email_verification: { emailVerificationLink: string };
  password_reset: { passwordResetLink: string };
  magic_link: { magicLink: string; otp: string };
  team_invitation: { teamInvitationLink: string; teamDisplayName: string };
}

/** `{{ name }}` placeholders filled in, as the backend's Handlebars templates are; an unknown name renders empty. */
export function fillTemplate(template: string, variables: Record<string, string>): string {
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_match, name: string) => variables[name] ?? '');
}

/** A block of the editor document: the layout keeps `childrenIds` in `data`, containers in `data.props`. */
type EditorBlock = { type?: unknown; data?: { props?: Record<string, unknown>; childrenIds?: unknown } };

const stripTags = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/[ \t]+/g, ' ').trim();

/**
 * The text of an e-mail editor document ({root: {type: "EmailLayout", data: {childrenIds}}, <id>: block}): one
 * paragraph per block in document order, a button's link alone on the line after its label.
 */
function documentText(content: unknown, variables: Record<string, string>): string {
  const doc = (typeof content === 'object' && content !== null ? content : {}) as Record<string, EditorBlock | undefined>;
  const fill = (value: unknown) => (typeof value === 'string' ? fillTemplate(value, variables).trim() : '');
  const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);
  const paragraphs: string[] = [];
  const visit = (id: string, seen: Set<string>) => {
    const block = doc[id];
    if (!block || seen.has(id)) return;
    seen.add(id);
    const props = block.data?.props ?? {};
    const children = [...ids(block.data?.childrenIds), ...ids(props.childrenIds)];
    if (Array.isArray(props.columns)) for (const column of props.columns as { childrenIds?: unknown }[]) children.push(...ids(column.childrenIds));
    const lines =
      block.type === 'Button' ? [fill(props.text), fill(props.url)]
      : block.type === 'Html' ? [stripTags(fill(props.contents))]
      : block.type === 'Image' ? [fill(props.alt), fill(props.linkHref)]
      : [fill(props.text)];
    const paragraph = lines.filter((line) => line !== '').join('\n');
    if (paragraph !== '') paragraphs.push(paragraph);
    for (const child of children) visit(child, seen);
  };
  visit('root', new Set());
  return `${paragraphs.join('\n\n')}\n`;
}

/**
 * Subject and text body of the project's `type` template (the default until customised through
 * PATCH /email-templates/{type}), with `projectDisplayName` and the type's variables filled in.
 */
export async function renderEmail<T extends EmailTemplateType>(
  db: Kysely<Database>,
  project: Project,
  type: T,
  variables: EmailVariables[T],
): Promise<Omit<OutgoingEmail, 'to'>> {
  const template = await getEmailTemplate(db, project.id, type);
  const all: Record<string, string> = { projectDisplayName: project.displayName, ...variables };
  return {
    subject: fillTemplate(template.subject, all),
    text: template.is_default ? fillTemplate(DEFAULT_TEXT_BODIES[type], all) : documentText(template.content, all),
  };
}

/** Sent e-mails, oldest first (in sending order, whatever the emulator clock said). */
export async function listEmails(db: Kysely<Database>, opts: { mailbox?: string } = {}): Promise<EmailRow[]> {
  let query = db.selectFrom('emails').selectAll().orderBy('id');
  if (opts.mailbox !== undefined) query = query.where('mailbox', '=', mailboxName(opts.mailbox));
  return query.execute();
}

/** Empties a mailbox (the mailbox API's DELETE). */
export async function deleteMailbox(db: Kysely<Database>, addressOrName: string): Promise<void> {
  await db.deleteFrom('emails').where('mailbox', '=', mailboxName(addressOrName)).execute();
}
