// mail/ (above core/ and db/): outgoing mail over SMTP (nodemailer); the outbox itself is domain/emails.ts.
// POST /internal/send-test-email: a real SMTP delivery with nodemailer, its failure mapped
// to the backend's user-facing messages (sendEmailWithKnownErrorTypes + the route's UNKNOWN wording).

import type { SmtpConfig } from './smtp.ts';

/** The server to try and the sender to try it as. */
export interface SmtpTestConfig extends SmtpConfig {
  senderName: string;
  senderEmail: string;
}

const TEST_SUBJECT = 'Test Email from Stack Auth';
const TEST_TEXT = 'This is a test email from Stack Auth. If you successfully received this email, your email server configuration is working correctly.';

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  errno?: number;
  response?: string;
}

function serverResponse(error: SmtpError): string {
  return error.response ? `\nResponse from the email server:\n${error.response}` : '';
}

/** The message the backend reports for a failed delivery. */
function smtpErrorMessage(error: SmtpError): string {
  if (error.errno === -3008 || error.code === 'EDNS') return 'Failed to connect to the email host. Please make sure the email host configuration is correct.';
  if (error.responseCode === 535 || error.code === 'EAUTH') return 'Failed to authenticate with the email server. Please check your email credentials configuration.';
  if (error.responseCode === 450) {
    return `The email server returned a temporary error. This could be due to a temporary network issue or a temporary block on the email server. Please try again later.\n\nError: ${serverResponse(error)}`;
  }
  if (error.responseCode === 553) {
    return `The email address provided is invalid. Please verify both the recipient and sender email addresses configuration are correct.\n\nError:${serverResponse(error)}`;
  }
  if (error.message.includes('Unexpected socket close')) {
    return 'Connection to email server was lost unexpectedly. This could be due to incorrect email server port configuration or a temporary network issue. Please verify your configuration and try again.';
  }
  if (error.message.includes('ETIMEDOUT')) return 'Timed out. Make sure the email server is running and accepting connections.';
  return 'Unknown error while sending test email. Make sure the email server is running and accepting connections.';
}

export async function sendTestEmail(config: SmtpTestConfig, recipient: string): Promise<{ success: boolean; error_message?: string }> {
  // Imported at the first test e-mail, as mail/smtp.ts does: most emulators never send one.
  const { createTransport } = await import('nodemailer');
  const transporter = createTransport({
    host: config.host,
    port: config.port,
    secure: config.port === 465,
    auth: { user: config.username, pass: config.password },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    await transporter.sendMail({ from: `"${config.senderName}" <${config.senderEmail}>`, to: recipient, subject: TEST_SUBJECT, text: TEST_TEXT });
    return { success: true };
  } catch (error) {
    return { success: false, error_message: error instanceof Error ? smtpErrorMessage(error) : 'An unknown error occurred while sending the email.' };
  } finally {
    transporter.close();
  }
}
