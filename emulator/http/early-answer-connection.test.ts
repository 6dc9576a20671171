// A 413 answered before the body is read (issue 32.5): its connection stays usable when the body can be drained (the
// next request on the same socket is answered), says `connection: close` when it cannot, and every client sees its 413.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../index.ts';
import { projectHeaders } from '../../testing/emulator/project-headers.ts';
import { testDatabase } from '../../testing/emulator/postgres.ts';
import { DRAIN_LIMIT_BYTES } from './node-server.ts';
import { openSocket as openRawSocket, readAnswer } from '../../testing/emulator/raw-http.ts';

const MB = 1024 * 1024;
let emu: RunningEmulator;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await testDatabase();
  drop = database.drop;
  emu = await startEmulator({ port: 0, mailPort: 0, ...database.options });
});
afterAll(async () => {
  await emu.close();
  await drop();
});

const HEAD = Object.entries(projectHeaders('client'))
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');

const openSocket = () => openRawSocket(emu.port);

it('a 2 MB body gets its 413 (keep-alive), and the next request on the same connection is answered; 10 of 10', async () => {
  for (let i = 0; i < 10; i++) {
    const socket = await openSocket();
    try {
      const first = readAnswer(socket);
      socket.write(`POST /api/v1/auth/password/sign-up HTTP/1.1\r\nhost: localhost:${emu.port}\r\ncontent-type: application/json\r\n${HEAD}content-length: ${2 * MB}\r\n\r\n`);
      socket.write(Buffer.alloc(2 * MB, 0x20));
      const answer = await first;
      expect(answer.status).toBe('HTTP/1.1 413 Payload Too Large');
      expect(answer.head).toContain('connection: keep-alive');
      const second = readAnswer(socket);
      socket.write(`GET /health HTTP/1.1\r\nhost: localhost:${emu.port}\r\n\r\n`);
      expect((await second).status).toBe('HTTP/1.1 200 OK');
    } finally {
      socket.destroy();
    }
  }
});

it('a body too large to drain, or chunked, gets its 413 with connection: close, and no reset', async () => {
  for (const framing of [`content-length: ${DRAIN_LIMIT_BYTES + 1}`, 'transfer-encoding: chunked']) {
    const socket = await openSocket();
    let error: string | null = null;
    socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    try {
      const answer = readAnswer(socket);
      socket.write(`POST /api/v1/auth/password/sign-up HTTP/1.1\r\nhost: localhost:${emu.port}\r\ncontent-type: application/json\r\n${HEAD}${framing}\r\n\r\n`);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const frame = framing.startsWith('transfer') ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]) : chunk;
      for (let sent = 0; sent < 2 * MB; sent += chunk.length) socket.write(frame);
      const got = await answer;
      expect(got.status).toBe('HTTP/1.1 413 Payload Too Large');
      expect(got.head).toContain('connection: close');
      expect(error).toBeNull();
    } finally {
      socket.destroy();
    }
  }
});
