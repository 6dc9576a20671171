// Tries an SMTP configuration by sending one e-mail. A delivery failure is an
// expected outcome, returned as a result rather than thrown.

import { ENDPOINTS } from '../protocol/endpoints.ts';
import { callEndpoint, type AppContext } from '../server/context.ts';
import { err, ok, type Result } from '../protocol/result.ts';

export interface SmtpEmailConfig {
  host: string;
  port: number;
  username: string;
  password: string;
  senderName: string;
  senderEmail: string;
}

export interface SendTestEmailOptions {
  recipientEmail: string;
  emailConfig: SmtpEmailConfig;
}

export async function sendTestEmail(ctx: AppContext, options: SendTestEmailOptions): Promise<Result<undefined, { errorMessage: string }>> {
  const c = options.emailConfig;
  const wire = await callEndpoint(ctx, ENDPOINTS.sendTestEmail, {
    body: {
      recipient_email: options.recipientEmail,
      email_config: { host: c.host, port: c.port, username: c.username, password: c.password, sender_name: c.senderName, sender_email: c.senderEmail },
    },
  });
  return wire.success ? ok(undefined) : err({ errorMessage: wire.error_message ?? 'Sending the test e-mail failed.' });
}
