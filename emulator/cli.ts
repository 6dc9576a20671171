#!/usr/bin/env node
// `npm run emulator [-- --port 8102 --data DIR --mail-port 8105 --webhooks-port 8113 --log --dialect 2.7 --hosted-refresh-claims
// --max-body-bytes N --bind ADDRESS --allow-host NAME --allow-any-host --allow-origin ORIGIN]`: runs the emulator until SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { startEmulator } from './index.ts';
import { DEFAULT_MAX_BODY_BYTES, parseMaxBodyBytes } from './http/request-limits.ts';
import { SEED_PROJECTS } from './domain/seed.ts';
import { parseAllowedOrigins } from './http/key-origins.ts';
import { prepareCacheIfChild, prepareCacheInChild } from './db/prepare-cache.ts';

await prepareCacheIfChild();

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8102' },
    'mail-port': { type: 'string', default: '8105' },
    'webhooks-port': { type: 'string', default: '8113' },
    data: { type: 'string' },
    'database-url': { type: 'string' },
    log: { type: 'boolean', default: false },
    dialect: { type: 'string', default: 'current' },
    'hosted-refresh-claims': { type: 'boolean', default: false },
    'max-body-bytes': { type: 'string', default: String(DEFAULT_MAX_BODY_BYTES) },
    bind: { type: 'string', default: 'localhost' },
    'allow-host': { type: 'string', multiple: true, default: [] },
    'allow-any-host': { type: 'boolean', default: false },
    'allow-origin': { type: 'string', multiple: true, default: [] },
    'allow-private-webhooks': { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(
    [
      'Usage: authworker-emulator [--port 8102] [--mail-port 8105] [--webhooks-port 8113] [--data DIR | --database-url postgres://…] [--log] [--dialect 2.7] [--hosted-refresh-claims]',
      '         [--max-body-bytes 1048576] [--bind localhost] [--allow-host NAME]… [--allow-any-host] [--allow-origin ORIGIN]… [--allow-private-webhooks]',
      '(DATABASE_URL in the environment selects PostgreSQL too)',
      '--dialect 2.7: answer requests that do not say their age as the 2.7 backend (default: current, the 2.8 backend);',
      '  x-hexclave-* requests are always current, a client version below 2.8 always 2.7',
      '--hosted-refresh-claims: with --dialect 2.7, mint every refreshed token with the current claim set anyway',
      '--max-body-bytes N: refuse request bodies over N bytes with a 413 (default 1 MiB)',
      '--bind ADDRESS: listen on ADDRESS (default localhost, this machine only; 0.0.0.0 for every interface)',
      '--allow-host NAME: also answer requests whose Host is NAME (repeatable); by default only localhost,',
      '  *.localhost, 127.0.0.0/8 and [::1] are answered, everything else gets a 403 (DNS-rebinding protection)',
      '--allow-any-host: answer any Host (a LAN demo); the outbox, mailbox and clock are then open to the network',
      '--allow-origin ORIGIN: let browser pages of ORIGIN (e.g. http://localhost:5173) use server and admin access (repeatable);',
      '  by default a request for server or admin access that carries an Origin header is refused (the keys are public)',
      '--allow-private-webhooks: let webhook endpoints point at private network addresses (10/8, 172.16/12, 192.168/16,',
      '  100.64/10, fc00::/7); loopback is always allowed; link-local, metadata and the emulator\'s own ports never',
    ].join('\n'),
  );
  process.exit(0);
}

if (values.dialect !== 'current' && values.dialect !== '2.7') {
  console.error(`--dialect: expected current or 2.7, got ${JSON.stringify(values.dialect)}`);
  process.exit(2);
}
const dialect = values.dialect;
const databaseUrl = values['database-url'] ?? (process.env.DATABASE_URL || undefined);
let maxBodyBytes: number;
try {
  maxBodyBytes = parseMaxBodyBytes(values['max-body-bytes']);
} catch (error) {
  console.error(`--max-body-bytes: ${(error as Error).message}`);
  process.exit(2);
}
let allowedOrigins: string[];
try {
  allowedOrigins = parseAllowedOrigins(values['allow-origin']);
} catch (error) {
  console.error(`--allow-origin: ${(error as Error).message}`);
  process.exit(2);
}
const started = performance.now();
const ports = { port: Number(values.port), mailPort: Number(values['mail-port']), webhooksPort: Number(values['webhooks-port']) };
if (databaseUrl === undefined) await prepareCacheInChild();
const emulator = await startEmulator({
  ...ports,
  ...(values.data === undefined ? { scratchStorage: true } : { dataDir: values.data }),
  ...(databaseUrl === undefined ? {} : { databaseUrl }),
  log: values.log,
  dialect,
  hostedRefreshClaims: values['hosted-refresh-claims'],
  maxBodyBytes,
  hostname: values.bind,
  allowedHosts: values['allow-host'],
  allowAnyHost: values['allow-any-host'],
  allowedOrigins,
  webhooks: { allowPrivateNetworks: values['allow-private-webhooks'] },
}).catch((error: unknown) => {
  const busy = listenFailure(error);
  if (busy === null) throw error;
  // One line a person can act on, not a stack: which port, and the option that moves it.
  console.error(busy);
  process.exit(1);
});

console.log(`authworker emulator ready in ${Math.round(performance.now() - started)} ms`);
console.log(`  API:      ${emulator.url}/api/v1`);
console.log(`  Health:   ${emulator.url}/health`);
console.log(`  Control:  ${emulator.url}/emulator/api/stats`);
console.log(`  Outbox:   ${emulator.url}/emulator/outbox`);
console.log(`  Mailbox:  ${emulator.mailUrl}/api/v1/mailbox/<name>`);
console.log(`  Webhooks: ${emulator.webhooksUrl}/api/v1 (Svix-compatible; token from POST /api/v1/webhooks/svix-token)`);
const storage = databaseUrl === undefined ? (values.data ?? 'a scratch folder in the temp directory (removed on exit)') : `PostgreSQL ${redactPassword(databaseUrl)}`;
console.log(`  Storage:  ${storage}`);
const hostRule = values['allow-any-host'] ? 'any Host (--allow-any-host)' : ['loopback names', ...values['allow-host']].join(', ');
console.log(`  Access:   listening on ${values.bind}; answering ${hostRule}; bodies up to ${maxBodyBytes} bytes`);
console.log(`  Keys:     server and admin access from browser origins: ${allowedOrigins.length === 0 ? 'none (tools and servers only)' : allowedOrigins.join(', ')}`);
if (dialect === '2.7') console.log(`  Dialect:  2.7 for requests that do not say their age (--dialect 2.7)${values['hosted-refresh-claims'] ? '; refreshes carry the current claim set' : ''}`);
for (const project of SEED_PROJECTS) {
  console.log(`\nProject "${project.displayName}"`);
  console.log(`  id:                     ${project.id}`);
  console.log(`  publishable client key: ${project.publishableClientKey}`);
  console.log(`  secret server key:      ${project.secretServerKey}`);
  console.log(`  super secret admin key: ${project.superSecretAdminKey}`);
}

/** The message for a port the emulator could not listen on (taken, or not allowed), else null. */
function listenFailure(error: unknown): string | null {
  const { code, port } = (error ?? {}) as { code?: string; port?: number };
  if ((code !== 'EADDRINUSE' && code !== 'EACCES') || port === undefined) return null;
  const option = port === ports.mailPort ? '--mail-port' : port === ports.webhooksPort ? '--webhooks-port' : '--port';
  const why = code === 'EADDRINUSE' ? 'is in use (another emulator, or another program?)' : 'cannot be opened by this user';
  return `authworker-emulator: port ${port} ${why}. Pick another with ${option}, e.g. ${option} ${port + 1000}.`;
}

function redactPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: closing the emulator`);
  await emulator.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
