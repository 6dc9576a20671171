// Delivery through a project's own SMTP server (standard e-mail config), with the transport
// settings the backend gives nodemailer: TLS from the start on port 465, STARTTLS when offered otherwise.
// Imported when a mail goes out over SMTP: most emulators never do, and it costs memory at every start.
const loadNodemailer = () => import('nodemailer');

export interface SmtpConfig {
  host: string;
  port: number;
  username: string;
  password: string;
}

export interface SmtpMessage {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
}

const TIMEOUT_MS = 10_000;

export async function deliverOverSmtp(config: SmtpConfig, message: SmtpMessage): Promise<void> {
  const { createTransport } = await loadNodemailer();
  const transport = createTransport({
    host: config.host,
    port: config.port,
    secure: config.port === 465,
    ...(config.username === '' ? {} : { auth: { user: config.username, pass: config.password } }),
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  try {
    await transport.sendMail(message);
  } finally {
    transport.close();
  }
}
