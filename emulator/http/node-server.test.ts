// A refused upload ends with a FIN, not a reset: a client that is still sending and reads its answer late gets it.
import { connect, type Socket } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeServer, listen } from './node-server.ts';
import type { ServerType } from '@hono/node-server';

const MB = 1024 * 1024;
let server: ServerType;
let port: number;

beforeAll(async () => {
  const app = new Hono();
  // Answers before reading the body, closing the connection: what a body limit does.
  app.post('/upload', (c) => c.text('too large\n', 413, { connection: 'close' }));
  ({ server, port } = await listen(app.fetch, 0, '127.0.0.1'));
});

afterAll(async () => {
  await closeServer(server);
});

interface LateReader {
  /** Everything the server sent, read only after the client stopped sending. */
  received: string;
  /** The first socket error, if any (a reset shows as ECONNRESET or EPIPE). */
  error: string | null;
}

/** Announces 20 MB, sends 4 MB without reading, waits, then reads whatever the server left for it. */
async function uploadReadingLate(): Promise<LateReader> {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.pause();
  let error: string | null = null;
  socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
  socket.write(`POST /upload HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/octet-stream\r\ncontent-length: ${20 * MB}\r\n\r\n`);
  const chunk = Buffer.alloc(64 * 1024);
  for (let sent = 0; sent < 4 * MB && !socket.destroyed; sent += chunk.length) {
    if (!socket.write(chunk)) await new Promise<void>((resolve) => socket.once('drain', resolve).once('close', resolve).once('error', () => resolve()));
  }
  // The answer went out while we were sending; give the server's close its chance to arrive before we read.
  await new Promise<void>((resolve) => setTimeout(resolve, 200));
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (text: string) => (received += text));
  await new Promise<void>((resolve) => {
    if (socket.destroyed) resolve();
    socket.once('close', () => resolve());
    socket.once('end', () => resolve());
    socket.once('error', () => resolve());
    socket.resume();
  });
  socket.destroy();
  return { received, error };
}

it('a client that reads its 413 only after sending more still gets it (the server half-closes, it never resets)', async () => {
  const outcomes = await Promise.all([uploadReadingLate(), uploadReadingLate(), uploadReadingLate()]);
  for (const { received, error } of outcomes) {
    expect(error).toBeNull();
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received).toContain('too large');
  }
});
