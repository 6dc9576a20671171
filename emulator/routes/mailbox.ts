// Inbucket-compatible mailbox API (served on --mail-port, default 8105) over the outbox table, so tools written
// for the official backend's dev setup can read the emulator's e-mails.
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database, EmailRow } from '../db/schema.ts';
import { deleteMailbox, listEmails } from '../domain/emails.ts';
import { hostGuard, refuseCrossOriginWrites, type HostRule } from '../http/host-guard.ts';
import { DEFAULT_MAX_BODY_BYTES, limitRequestBody } from '../http/request-limits.ts';
import { text } from '../http/respond.ts';
import { StatusError } from '../core/status-error.ts';

function header(row: EmailRow) {
  return {
    mailbox: row.mailbox,
    id: row.id,
    from: row.sender,
    to: [`<${row.recipient}>`],
    subject: row.subject,
    date: new Date(row.created_at_millis).toISOString(),
    'posix-millis': row.created_at_millis,
    size: new TextEncoder().encode(row.text_body).length,
    seen: false,
  };
}

export interface MailboxAppOptions extends HostRule {
  maxBodyBytes?: number;
}

/** Local only, like the development APIs: the loopback Host rule and no CORS headers (a page cannot read mail). */
export function createMailboxApp(db: Kysely<Database>, opts: MailboxAppOptions = {}): Hono {
  return new Hono()
    .use('*', hostGuard(opts))
    .use('*', limitRequestBody(opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES))
    .use('*', refuseCrossOriginWrites)
    .get('/api/v1/mailbox/:name', async (c) => c.json((await listEmails(db, { mailbox: c.req.param('name') })).map(header)))
    .get('/api/v1/mailbox/:name/:id', async (c) => {
      const row = (await listEmails(db, { mailbox: c.req.param('name') })).find((r) => r.id === c.req.param('id'));
      if (!row) return c.text('message not found', 404);
      return c.json({
        ...header(row),
        header: { From: [row.sender], To: [row.recipient], Subject: [row.subject] },
        body: { text: row.text_body, html: row.html_body },
        attachments: [],
      });
    })
    .delete('/api/v1/mailbox/:name', async (c) => {
      await deleteMailbox(db, c.req.param('name'));
      return c.text('OK');
    })
    .onError((error) => {
      if (error instanceof StatusError) return text(error.message, error.status);
      console.error('[emulator] mailbox error', error);
      return text('Internal Server Error', 500);
    });
}
