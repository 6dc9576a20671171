import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../protocol/endpoints.ts';
import { sendTestEmail } from './send-test-email.ts';
import { adminTestContext, expectBodyAccepted, expectCall } from '../../testing/runtime/admin.ts';

const options = {
  recipientEmail: 'ops@example.com',
  emailConfig: { host: 'smtp.example.com', port: 587, username: 'u', password: 'p', senderName: 'App', senderEmail: 'noreply@example.com' },
};

describe('sendTestEmail', () => {
  it('sends the SMTP settings in snake_case and reports success', async () => {
    const { ctx, calls } = adminTestContext({ success: true });
    expect(await sendTestEmail(ctx, options)).toEqual({ status: 'ok', data: undefined });
    expectCall(calls[0], 'POST', '/internal/send-test-email', {
      recipient_email: 'ops@example.com',
      email_config: { host: 'smtp.example.com', port: 587, username: 'u', password: 'p', sender_name: 'App', sender_email: 'noreply@example.com' },
    });
    expectBodyAccepted(ENDPOINTS.sendTestEmail, 'admin', calls[0]);
  });

  it('returns the failure as {errorMessage}', async () => {
    const { ctx } = adminTestContext({ success: false, error_message: 'Connection refused' });
    expect(await sendTestEmail(ctx, options)).toEqual({ status: 'error', error: { errorMessage: 'Connection refused' } });
  });
});
