// Outgoing e-mail: every message lands in the outbox table (read by /emulator/outbox and the mailbox API).
// Default subjects of protocol.md §7.9; the text body carries the link.
import type { Kysely } from 'kysely';
import type { Database, EmailRow } from '../db/schema.ts';
import type { Project } from './projects.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function toHtml(text: string): string {
  const linked = escapeHtml(text).replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">${url}</a>`);
  return `<!DOCTYPE html><html><body><p>${linked.replace(/\n/g, '<br>')}</p></body></html>`;
}

/** Inbucket names a mailbox after the recipient's local part. */
export function mailboxName(address: string): string {
  return (address.split('@')[0] ?? address).toLowerCase();
}

export async function sendEmail(db: Kysely<Database>, project: Project, email: OutgoingEmail, nowMillis: number): Promise<EmailRow> {
  const row: EmailRow = {
    id: crypto.randomUUID(),
    project_id: project.id,
    mailbox: mailboxName(email.to),
    recipient: email.to,
    sender: `${project.displayName} <noreply@example.com>`,
    subject: email.subject,
    text_body: email.text,
    html_body: toHtml(email.text),
    created_at_millis: nowMillis,
  };
  await db.insertInto('emails').values(row).execute();
  return row;
}

export const EMAIL_TEMPLATES = {
  emailVerification: (project: Project, link: string): Omit<OutgoingEmail, 'to'> => ({
    subject: `Verify your email at ${project.displayName}`,
    text: `Hi,\n\nPlease verify your e-mail address for ${project.displayName} by opening this link:\n\n${link}\n\nIf you did not request this, ignore this e-mail.`,
  }),
  passwordReset: (project: Project, link: string): Omit<OutgoingEmail, 'to'> => ({
    subject: `Reset your password at ${project.displayName}`,
    text: `Hi,\n\nReset your password for ${project.displayName} by opening this link:\n\n${link}\n\nIf you did not request this, ignore this e-mail.`,
  }),
  magicLink: (project: Project, link: string, otp: string): Omit<OutgoingEmail, 'to'> => ({
    subject: `Sign in to ${project.displayName}: Your code is ${otp}`,
    text: `Hi,\n\nYour sign-in code for ${project.displayName} is ${otp}.\n\nOr sign in by opening this link:\n\n${link}\n\nIf you did not request this, ignore this e-mail.`,
  }),
};

export async function listEmails(db: Kysely<Database>, opts: { mailbox?: string } = {}): Promise<EmailRow[]> {
  let query = db.selectFrom('emails').selectAll().orderBy('created_at_millis').orderBy('id');
  if (opts.mailbox !== undefined) query = query.where('mailbox', '=', opts.mailbox.toLowerCase());
  return query.execute();
}
