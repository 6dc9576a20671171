// The latency proxy delivers every byte queued for one side before it closes that side, even when the other side hung
// up mid-delay (issue 41.1: a `connection: close` answer was dropped, and every sign-in at 40 ms failed).
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { startLatencyProxy, PROFILES, type LatencyProxy } from './latency-proxy.ts';

const RTT_40 = PROFILES.find((p) => p.rttMs === 40);
let target: Server | undefined;
let proxy: LatencyProxy | undefined;

afterEach(async () => {
  await proxy?.close();
  await new Promise<void>((done) => (target ? target.close(() => done()) : done()));
  proxy = target = undefined;
});

/** A target that answers the first bytes it reads with `answer`, then hangs up (`end`: a FIN; `destroy`: closes outright). */
async function startTarget(answer: Buffer, hangUp: 'end' | 'destroy'): Promise<number> {
  const server = createServer((socket) => {
    socket.once('data', () => {
      socket.write(answer);
      if (hangUp === 'end') socket.end();
      else socket.destroySoon();
    });
  });
  target = server;
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/** Sends `request` through the proxy; resolves every byte received before the proxy ended the connection. */
function exchange(port: number, request: string, halfClose = false): Promise<{ received: Buffer; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket: Socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.once('error', reject);
    socket.once('end', () => {
      socket.destroy();
      resolve({ received: Buffer.concat(chunks), ms: performance.now() - started });
    });
    socket.write(request);
    if (halfClose) socket.end();
  });
}

it.each(['end', 'destroy'] as const)('an answer whose sender hangs up (%s) mid-delay arrives in full, after the delay', async (hangUp) => {
  const answer = Buffer.alloc(512 * 1024, 0x61);
  answer.write('HTTP/1.1 204 No Content\r\nconnection: close\r\n\r\n');
  const port = await startTarget(answer, hangUp);
  proxy = await startLatencyProxy({ target: { host: '127.0.0.1', port } });
  proxy.setProfile(RTT_40 ?? PROFILES[0]!);
  const { received, ms } = await exchange(proxy.port, 'OPTIONS / HTTP/1.1\r\nhost: x\r\n\r\n');
  expect(received.equals(answer)).toBe(true);
  // At least one round trip (the handshake's delay overlaps the request's way out, so not two).
  expect(ms).toBeGreaterThanOrEqual(40 - 5);
});

it('a client that half-closes after its request still gets the answer', async () => {
  const port = await startTarget(Buffer.from('pong'), 'end');
  proxy = await startLatencyProxy({ target: { host: '127.0.0.1', port } });
  proxy.setProfile(RTT_40 ?? PROFILES[0]!);
  expect((await exchange(proxy.port, 'ping', true)).received.toString()).toBe('pong');
});

it('at 0 ms the bytes pass straight through, and a refused target closes the client', async () => {
  const port = await startTarget(Buffer.from('pong'), 'destroy');
  proxy = await startLatencyProxy({ target: { host: '127.0.0.1', port } });
  expect((await exchange(proxy.port, 'ping')).received.toString()).toBe('pong');
  await new Promise<void>((done) => target?.close(() => done()));
  target = undefined;
  expect((await exchange(proxy.port, 'ping')).received.length).toBe(0);
});
