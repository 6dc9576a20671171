// Outgoing e-mail: the default templates (protocol.md §7.9), the sender, and delivery. Every message lands in
// the outbox table (read by /emulator/outbox and the mailbox API) before the request that sent it returns; a
// project with a standard e-mail config also gets it delivered through its SMTP server.
import type { Kysely } from 'kysely';
import type { Database, EmailRow } from '../db/schema.ts';
import { deliverOverSmtp } from '../mail/smtp.ts';
import type { Project } from './projects.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

/** The shared e-mail config sends as the project, from this address. */
export const SHARED_SENDER_ADDRESS = 'noreply@example.com';

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

/** Inbucket names a mailbox after the recipient's local part. */
export function mailboxName(address: string): string {
  return (address.split('@')[0] ?? address).toLowerCase();
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
    id: crypto.randomUUID(),
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

/** Text bodies keep every link, and the OTP, alone on its own line so tools can read them out. */
export const EMAIL_TEMPLATES = {
  emailVerification: (project: Project, link: string): Omit<OutgoingEmail, 'to'> => ({
    subject: `Verify your email at ${project.displayName}`,
    text: `Hi,\n\nPlease verify your e-mail address for ${project.displayName} by opening this link:\n\n${link}\n\n${IGNORE}\n`,
  }),
  passwordReset: (project: Project, link: string): Omit<OutgoingEmail, 'to'> => ({
    subject: `Reset your password at ${project.displayName}`,
    text: `Hi,\n\nReset your password for ${project.displayName} by opening this link:\n\n${link}\n\n${IGNORE}\n`,
  }),
  magicLink: (project: Project, link: string, otp: string): Omit<OutgoingEmail, 'to'> => ({
    subject: `Sign in to ${project.displayName}: Your code is ${otp}`,
    text: `Hi,\n\nYour sign-in code for ${project.displayName} is:\n\n${otp}\n\nOr sign in by opening this link:\n\n${link}\n\n${IGNORE}\n`,
  }),
};

export async function listEmails(db: Kysely<Database>, opts: { mailbox?: string } = {}): Promise<EmailRow[]> {
  let query = db.selectFrom('emails').selectAll().orderBy('created_at_millis').orderBy('id');
  if (opts.mailbox !== undefined) query = query.where('mailbox', '=', opts.mailbox.toLowerCase());
  return query.execute();
}
