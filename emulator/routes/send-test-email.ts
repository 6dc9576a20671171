// POST /internal/send-test-email: connects to the given SMTP server for real.
import { Hono } from 'hono';
import { sendTestEmail } from '../mail/smtp-test.ts';
import type { AppEnv } from '../http/env.ts';
import { tableRoute } from '../http/table-route.ts';
import { json } from '../http/respond.ts';
import { number, object, string } from '../http/schema.ts';

export const sendTestEmailRoutes = new Hono<AppEnv>().on(
  ...tableRoute('sendTestEmail',
    {
      
      body: object({
        recipient_email: string({ email: 'plain' }),
        email_config: object({
          host: string(),
          port: number(),
          username: string(),
          password: string(),
          sender_name: string(),
          sender_email: string({ email: 'plain' }),
        }),
      }),
    },
    async (_c, { body }) => {
      const cfg = body.email_config;
      const result = await sendTestEmail(
        { host: cfg.host, port: cfg.port, username: cfg.username, password: cfg.password, senderName: cfg.sender_name, senderEmail: cfg.sender_email },
        body.recipient_email,
      );
      return json(result);
    },
  ),
);
