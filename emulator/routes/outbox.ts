// The e-mail outbox for humans (GET /emulator/outbox) and tests (GET /emulator/api/outbox?mailbox=).
import { Hono } from 'hono';
import { listEmails } from '../domain/emails.ts';
import type { AppEnv } from '../http/env.ts';
import { json } from '../http/respond.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const linkify = (text: string) => escape(text).replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">${url}</a>`);

export const outboxPageRoutes = new Hono<AppEnv>().get('/outbox', async (c) => {
  const emails = (await listEmails(c.get('services').db)).reverse();
  const items = emails
    .map(
      (e) => `<article><h2>${escape(e.subject)}</h2><p><b>To:</b> ${escape(e.recipient)} · <b>From:</b> ${escape(e.sender)} · ${new Date(
        e.created_at_millis,
      ).toISOString()}</p><pre>${linkify(e.text_body)}</pre></article>`,
    )
    .join('\n');
  const body = emails.length === 0 ? '<p>No e-mails yet.</p>' : items;
  return c.html(
    `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Emulator outbox</title><style>body{font-family:system-ui;margin:2rem;max-width:60rem}article{border-bottom:1px solid #ddd;padding:.5rem 0}pre{white-space:pre-wrap}</style></head><body><h1>Outbox (${emails.length})</h1>${body}</body></html>`,
  );
});

export const outboxApiRoutes = new Hono<AppEnv>().get('/outbox', async (c) => {
  const mailbox = c.req.query('mailbox');
  const emails = await listEmails(c.get('services').db, mailbox === undefined ? {} : { mailbox });
  return json(
    emails.map((e) => ({
      id: e.id,
      project_id: e.project_id,
      mailbox: e.mailbox,
      from: e.sender,
      to: e.recipient,
      subject: e.subject,
      text: e.text_body,
      html: e.html_body,
      created_at_millis: e.created_at_millis,
    })),
  );
});
