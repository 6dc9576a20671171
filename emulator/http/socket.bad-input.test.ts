// Bad input over a real socket: every answer is a 4xx in the backend's shape (a known error, or
// plain text for handled errors), never a 5xx and never a connection reset, including oversized bodies and headers.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../index.ts';
import { projectHeaders } from '../../testing/emulator/emulator.ts';
import { rawRequest, type RawAnswer, type RawRequest } from '../../testing/emulator/raw-http.ts';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, mailPort: 0 });
});
afterAll(() => emu.close());

const SIGN_UP = '/api/v1/auth/password/sign-up';
const client = projectHeaders('client');
const server = projectHeaders('server');
const json = { ...client, 'content-type': 'application/json' };
const MB = 1024 * 1024;

/** Why an answer is not a 4xx in the backend's shape; null when it is. */
function shapeProblem(answer: RawAnswer): string | null {
  if (answer.outcome === 'reset') return `connection reset (${answer.error ?? ''})`;
  if (answer.status < 400 || answer.status >= 500) return `status ${answer.status}`;
  const code = answer.headers['x-stack-known-error'];
  const type = String(answer.headers['content-type'] ?? '');
  if (typeof code === 'string') {
    const body = JSON.parse(answer.body) as { code?: unknown; error?: unknown };
    return body.code === code && typeof body.error === 'string' ? null : `known error ${code} with body ${answer.body.slice(0, 200)}`;
  }
  return type.startsWith('text/plain') ? null : `a ${answer.status} that is neither a known error nor text (${type})`;
}

const tally = { tried: 0, fourXx: 0, fiveXx: 0, resets: 0 };

async function expectRefused(label: string, req: RawRequest): Promise<RawAnswer> {
  const answer = await rawRequest(req);
  tally.tried += 1;
  if (answer.outcome === 'reset') tally.resets += 1;
  else if (answer.status >= 500) tally.fiveXx += 1;
  else if (answer.status >= 400) tally.fourXx += 1;
  expect(shapeProblem(answer), label).toBeNull();
  // However bad the input, the answer quotes at most a short prefix of it.
  expect(answer.body.length, label).toBeLessThan(4096);
  return answer;
}

afterAll(() => {
  console.log(`[socket bad input] requests tried: ${tally.tried}, 4xx: ${tally.fourXx}, 5xx: ${tally.fiveXx}, connection resets: ${tally.resets}`);
});

describe('bad input over a real socket', () => {
  it('malformed JSON, wrong types, deep nesting and invalid UTF-8', async () => {
    const bodies: [string, string | Uint8Array][] = [
      ['truncated', '{"email":"a@b.co"'],
      ['not JSON', 'hello'],
      ['lone surrogate escape in a key', '{"\\ud800":1}'],
      ['array', '[1,2,3]'],
      ['number', '42'],
      ['wrong types', '{"email":42,"password":{"x":[]},"verification_callback_url":false}'],
      ['deep nesting', `{"email":${'['.repeat(100_000)}${']'.repeat(100_000)}}`],
      ['invalid UTF-8', new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d])],
      ['overlong UTF-8', new Uint8Array([0x7b, 0xc0, 0xaf, 0x7d])],
      ['many keys', JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i])))],
    ];
    for (const [label, body] of bodies) await expectRefused(label, { port: emu.port, path: SIGN_UP, headers: json, body });
    await expectRefused('bytes', { port: emu.port, path: SIGN_UP, headers: { ...client, 'content-type': 'application/octet-stream' }, body: new Uint8Array(900 * 1024) });
    await expectRefused('unknown media type', { port: emu.port, path: SIGN_UP, headers: { ...client, 'content-type': `x/${'y'.repeat(8000)}` }, body: '{}' });
  });

  it('negative, fractional, huge and garbage limit and cursor', async () => {
    const values = ['-1', '0', '1.5', 'Infinity', '-Infinity', 'NaN', '1e309', '-9007199254740993', 'abc', "1' OR '1'='1", '%00', 'x'.repeat(8000)];
    for (const value of values) {
      for (const name of ['limit', 'cursor']) {
        await expectRefused(`${name}=${value.slice(0, 20)}`, { port: emu.port, method: 'GET', path: `/api/v1/users?${name}=${encodeURIComponent(value)}`, headers: server });
      }
    }
  });

  it('oversized bodies: 413 before the body is read, with or without Content-Length', async () => {
    for (const announceLength of [true, false]) {
      for (const [path, headers] of [
        [SIGN_UP, { ...client, 'content-type': 'application/octet-stream' }],
        ['/api/v1/users', { ...server, 'content-type': 'application/json' }],
        ['/emulator/api/clock', { 'content-type': 'application/json' }],
      ] as const) {
        const answer = await expectRefused(`${path} 50 MB`, { port: emu.port, path, headers, streamBytes: 50 * MB, announceLength });
        expect(answer.status, `${path} ${announceLength} ${answer.body}`).toBe(413);
        expect(answer.bytesSent).toBeLessThan(20 * MB);
      }
    }
    const mail = await expectRefused('mailbox 50 MB', { port: emu.mailPort, method: 'DELETE', path: '/api/v1/mailbox/x', streamBytes: 50 * MB });
    expect(mail.status).toBe(413);
  });

  it('a client that keeps sending and reads the 413 only 1.5 s later still gets it (no reset after 500 ms)', async () => {
    const received = await new Promise<string>((resolve) => {
      let text = '';
      const socket = connect(emu.port, 'localhost', () => {
        socket.pause(); // a busy client: the answer waits in the kernel's buffer, where a reset would discard it
        socket.write(`POST ${SIGN_UP} HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: ${100 * MB}\r\n\r\n`);
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const writer = setInterval(() => socket.write(chunk), 10);
        setTimeout(() => {
          clearInterval(writer);
          socket.setEncoding('utf8');
          socket.on('data', (data: string) => (text += data));
          socket.resume();
        }, 1_500);
      });
      socket.on('error', (error) => resolve(`${text}[${error.message}]`));
      socket.on('close', () => resolve(text));
    });
    expect(received.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
  });

  it('oversized headers: 431 on both ports, answered rather than reset', async () => {
    for (const port of [emu.port, emu.mailPort]) {
      const one = await expectRefused('one 100 KB header', { port, method: 'GET', path: '/health', headers: { 'x-big': 'a'.repeat(100 * 1024) } });
      expect(one.status).toBe(431);
      const many = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`x-h${i}`, 'b'.repeat(1000)]));
      expect((await expectRefused('200 headers of 1 KB', { port, method: 'GET', path: '/health', headers: many })).status).toBe(431);
      const withBody = await expectRefused('big header + 5 MB body', { port, path: SIGN_UP, headers: { ...json, 'x-big': 'c'.repeat(64 * 1024) }, streamBytes: 5 * MB });
      expect(withBody.status).toBe(431);
    }
    // The emulator still serves ordinary requests afterwards.
    expect((await fetch(`${emu.url}/health`)).status).toBe(200);
  });
});
