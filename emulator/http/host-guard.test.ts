// The loopback Host rule (DNS-rebinding protection) on a real socket, on both ports, and its opt-outs.
import { request } from 'node:http';
import { connect } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../index.ts';
import { hostGuard, isAllowedHost } from './host-guard.ts';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, mailPort: 0 });
});
afterAll(() => emu.close());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** GET with an exact Host header (fetch would not let us set it). */
function getWithHost(port: number, path: string, host: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: 'localhost', port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A hand-written request, for what node:http will not send (no Host at all); resolves with the status line. */
function rawStatusLine(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, 'localhost', () => socket.write(text));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('end', () => resolve(received.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

describe('Host header rule (real socket)', () => {
  it.each(['evil.com', 'localhost.evil.com', 'evil.com:8102', '127.0.0.1.nip.io', 'localhost.', '[::2]'])(
    'Host %s -> 403 on the API, the development API, the outbox page and the mailbox, without CORS headers',
    async (host) => {
      for (const [port, path] of [
        [emu.port, '/api/v1/projects/current'],
        [emu.port, '/emulator/api/outbox'],
        [emu.port, '/emulator/outbox'],
        [emu.port, '/health'],
        [emu.mailPort, '/api/v1/mailbox/someone'],
      ] as const) {
        const res = await getWithHost(port, path, host);
        expect(res.status, `${host} ${path}`).toBe(403);
        expect(res.body).toMatch(/^Forbidden: the emulator only answers requests addressed to localhost/);
        expect(Object.keys(res.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
      }
    },
  );

  it.each(['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]'])('Host %s (with the port) is served', async (name) => {
    const res = await getWithHost(emu.port, '/emulator/api/outbox?mailbox=nobody', `${name}:${emu.port}`);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual([]);
    expect((await getWithHost(emu.mailPort, '/api/v1/mailbox/nobody', name)).status).toBe(200);
  });

  it('no Host header: 403 for HTTP/1.0, and Node itself refuses an HTTP/1.1 request without one', async () => {
    expect(await rawStatusLine(emu.port, 'GET /emulator/api/outbox HTTP/1.0\r\n\r\n')).toBe('HTTP/1.1 403 Forbidden');
    expect(await rawStatusLine(emu.mailPort, 'GET /api/v1/mailbox/x HTTP/1.0\r\n\r\n')).toBe('HTTP/1.1 403 Forbidden');
    expect(await rawStatusLine(emu.port, 'GET /emulator/api/outbox HTTP/1.1\r\nconnection: close\r\n\r\n')).toBe('HTTP/1.1 400 Bad Request');
  });

  it('a Host with userinfo is refused before routing (the adapter answers 400)', async () => {
    expect((await getWithHost(emu.port, '/emulator/api/outbox', 'user@localhost')).status).toBe(400);
  });

  it('an absolute request target does not stand in for the Host header', async () => {
    const status = await rawStatusLine(emu.port, `GET http://localhost:${emu.port}/emulator/api/outbox HTTP/1.1\r\nhost: evil.com\r\nconnection: close\r\n\r\n`);
    expect(status).toBe('HTTP/1.1 403 Forbidden');
  });
});

describe('in process (app.request)', () => {
  it('the URL host stands in for the missing Host header', async () => {
    expect((await emu.app.request('http://evil.com/emulator/api/outbox')).status).toBe(403);
    expect((await emu.app.request('http://localhost:8102/emulator/api/outbox?mailbox=nobody')).status).toBe(200);
    expect((await emu.mailApp.request('http://evil.com/api/v1/mailbox/x')).status).toBe(403);
  });
});

describe('cross-origin writes to the development API', () => {
  it('a POST from another origin (a "simple" text/plain one too) is refused and changes nothing', async () => {
    const clock = 'http://localhost:8102/emulator/api/clock';
    const before = emu.clock.now();
    const post = (origin: string | null) =>
      emu.app.request(clock, { method: 'POST', headers: { 'content-type': 'text/plain', ...(origin ? { origin } : {}) }, body: '{"advance_ms":86400000}' });
    const refused = await post('http://localhost:3000');
    expect(refused.status).toBe(403);
    expect(await refused.text()).toMatch(/does not take requests from other origins/);
    expect((await post('null')).status).toBe(403);
    expect(emu.clock.now() - before).toBeLessThan(60_000);
    expect((await emu.app.request('http://localhost:8102/emulator/api/stats/reset', { method: 'POST', headers: { origin: 'http://evil.com' } })).status).toBe(403);
    expect((await emu.mailApp.request('http://localhost:8105/api/v1/mailbox/x', { method: 'DELETE', headers: { origin: 'http://localhost:3000' } })).status).toBe(403);
    // Nor can another site submit the emulated provider's consent form for the developer.
    const consent = await emu.app.request('http://localhost:8102/emulator/oauth/github/authorize', {
      method: 'POST',
      headers: { origin: 'http://evil.com', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=allow&email=victim%40example.com',
    });
    expect(consent.status).toBe(403);
    // Its own origin (a page of the emulator) and tools that send no Origin are served.
    expect((await post('http://localhost:8102')).status).toBe(200);
    expect((await post(null)).status).toBe(200);
    expect(emu.clock.now() - before).toBeGreaterThanOrEqual(2 * 86_400_000);
  });
});

describe('opting in to other names', () => {
  const guarded = (rule: Parameters<typeof hostGuard>[0]) => new Hono().use('*', hostGuard(rule)).get('/', (c) => c.text('ok'));
  const statusFor = async (app: Hono, host: string) => (await app.request('http://localhost/', { headers: { host } })).status;

  it('--allow-host NAME adds exact names (any port, any case), nothing more', async () => {
    const app = guarded({ allowedHosts: ['Dev-Box.lan', '192.168.1.20'] });
    expect(await statusFor(app, 'dev-box.lan:8102')).toBe(200);
    expect(await statusFor(app, '192.168.1.20')).toBe(200);
    expect(await statusFor(app, 'localhost:8102')).toBe(200);
    expect(await statusFor(app, 'evil.dev-box.lan')).toBe(403);
    expect(await statusFor(app, 'dev-box.lan.evil.com')).toBe(403);
  });

  it('--allow-any-host serves every Host, even none', async () => {
    const app = guarded({ allowAnyHost: true });
    expect(await statusFor(app, 'evil.com')).toBe(200);
    expect(isAllowedHost(null, { allowAnyHost: true })).toBe(true);
    expect(isAllowedHost(null)).toBe(false);
  });
});
