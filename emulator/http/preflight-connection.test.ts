// A browser's CORS preflight carries neither content-length nor transfer-encoding: its body is empty (RFC 9112 §6.3),
// so its answer keeps the connection, and the next request on the same socket is answered (issue 41.1).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../index.ts';
import { openSocket, readAnswer } from '../../testing/emulator/raw-http.ts';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, mailPort: 0 });
});
afterAll(() => emu.close());

/** What Chromium sends before a credentialed GET /users/me from another origin: no length header at all. */
const preflight = (port: number) =>
  [
    'OPTIONS /api/v1/users/me HTTP/1.1',
    `host: localhost:${port}`,
    'connection: keep-alive',
    'accept: */*',
    'access-control-request-method: GET',
    'access-control-request-headers: x-stack-access-type,x-stack-project-id,x-stack-publishable-client-key',
    'origin: http://localhost:5173',
    'sec-fetch-mode: cors',
    '',
    '',
  ].join('\r\n');

it('a browser-shaped OPTIONS keeps its connection, and the same socket answers the next requests', async () => {
  const socket = await openSocket(emu.port);
  try {
    for (let i = 0; i < 3; i++) {
      const answer = readAnswer(socket);
      socket.write(preflight(emu.port));
      const { status, head } = await answer;
      expect(status).toMatch(/^HTTP\/1\.1 20[04] /);
      expect(head).toContain('access-control-allow-origin: ');
      expect(head).toContain('connection: keep-alive');
    }
    const next = readAnswer(socket);
    socket.write(`GET /health HTTP/1.1\r\nhost: localhost:${emu.port}\r\n\r\n`);
    expect((await next).status).toBe('HTTP/1.1 200 OK');
  } finally {
    socket.destroy();
  }
});

it('a POST with neither length header has an empty body: answered, and the connection kept', async () => {
  const socket = await openSocket(emu.port);
  try {
    const answer = readAnswer(socket);
    socket.write(`POST /api/v1/auth/sessions/current/refresh HTTP/1.1\r\nhost: localhost:${emu.port}\r\n\r\n`);
    expect((await answer).head).toContain('connection: keep-alive');
    const next = readAnswer(socket);
    socket.write(`GET /health HTTP/1.1\r\nhost: localhost:${emu.port}\r\n\r\n`);
    expect((await next).status).toBe('HTTP/1.1 200 OK');
  } finally {
    socket.destroy();
  }
});
