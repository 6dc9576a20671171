// Bounded deliveries (issue 32.4): a 300 MB answer, streamed or announced, and every retry of it, costs the emulator
// no more than a few KB; an endpoint that never answers holds neither the other endpoints' deliveries nor the
// emulator's shutdown.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { svixApi } from '../../testing/emulator/svix-api.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/emulator/webhook-receiver.ts';
import { DEMO_PROJECT } from '../domain/seed.ts';
import { MAX_RESPONSE_CHARS } from './transport.ts';

const MB = 1024 * 1024;
const ANSWER_BYTES = 300 * MB;

/**
 * An endpoint answering `status` with 300 MB each time: chunked (`announce` false) or with its Content-Length.
 * Counts the bytes it got out (written into the socket).
 */
async function hugeEndpoint(status: number, announce: boolean): Promise<{ url: string; sent: () => number; server: Server }> {
  let sent = 0;
  const chunk = Buffer.alloc(64 * 1024, 'x');
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(status, announce ? { 'content-length': String(ANSWER_BYTES) } : {});
      let written = 0;
      const pump = () => {
        while (written < ANSWER_BYTES && !res.destroyed) {
          written += chunk.length;
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('error', () => undefined);
      pump();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, sent: () => sent, server };
}

let emu: TestEmulator;
let receiver: WebhookReceiver;
beforeAll(async () => {
  // Each failed attempt is retried twice, quickly: three reads of the answer per event.
  emu = await createTestEmulator({ webhooks: { retryDelaysMillis: [10, 10] } });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await emu.close();
  await receiver.close();
});
const { svixToken, svix } = svixApi(() => emu);

async function register(url: string): Promise<{ token: string; endpointId: string }> {
  const token = await svixToken();
  const res = await svix(`/api/v1/app/${DEMO_PROJECT.id}/endpoint`, token, { method: 'POST', body: JSON.stringify({ url }) });
  expect(res.status).toBe(201);
  return { token, endpointId: ((await res.json()) as { id: string }).id };
}

async function attempts(token: string, endpointId: string) {
  const res = await svix(`/api/v1/app/${DEMO_PROJECT.id}/attempt/endpoint/${endpointId}`, token);
  return ((await res.json()) as { data: { status: number; responseStatusCode: number; response: string }[] }).data;
}

describe('a 300 MB answer', () => {
  for (const announce of [false, true]) {
    it(`${announce ? 'with its Content-Length is not read at all' : 'streamed is read up to what is kept, then cancelled'}, in each of 3 attempts; RSS stays bounded`, async () => {
      // A 500: the attempt fails and is retried twice, reading the answer again each time.
      const huge = await hugeEndpoint(500, announce);
      try {
        const { token, endpointId } = await register(huge.url);
        global.gc?.();
        const before = process.memoryUsage().rss;
        let peak = before;
        const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
        try {
          await emu.fetch('/api/v1/users', { method: 'POST', accessType: 'server', json: {} });
          await expect.poll(async () => (await attempts(token, endpointId)).length, { timeout: 20_000 }).toBe(3);
          await emu.webhookDelivery.settled();
        } finally {
          clearInterval(sampler);
        }
        const recorded = await attempts(token, endpointId);
        const kept = announce ? `(answer not read: its Content-Length ${ANSWER_BYTES} is over the 1048576-byte limit)` : 'x'.repeat(MAX_RESPONSE_CHARS);
        expect(recorded.map((a) => [a.status, a.responseStatusCode, a.response])).toEqual(Array(3).fill([2, 500, kept]));
        console.log(`[300 MB answer x 3 attempts, ${announce ? 'announced' : 'streamed'}] bytes the endpoint got out: ${(huge.sent() / MB).toFixed(1)} MB; RSS before ${(before / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB`);
        expect(peak - before).toBeLessThan(40 * MB);
        // The endpoint could write only what fits the socket buffers before the emulator hung up, each time.
        expect(huge.sent()).toBeLessThan(ANSWER_BYTES / 10);
      } finally {
        huge.server.closeAllConnections();
        huge.server.close();
      }
    });
  }
});

it('an endpoint that never answers holds neither another endpoint\'s delivery nor the emulator\'s shutdown', async () => {
  const sockets = new Set<import('node:net').Socket>();
  const silent = createServer(() => undefined);
  silent.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const own = await createTestEmulator({ webhooks: { retryDelaysMillis: [] } });
  try {
    const { svixToken: token, svix: call } = svixApi(() => own);
    const t = await token();
    for (const url of [`http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`, receiver.url]) {
      expect((await call(`/api/v1/app/${DEMO_PROJECT.id}/endpoint`, t, { method: 'POST', body: JSON.stringify({ url }) })).status).toBe(201);
    }
    const user = (await (await own.fetch('/api/v1/users', { method: 'POST', accessType: 'server', json: {} })).json()) as { id: string };
    const started = performance.now();
    await receiver.next((d) => d.payload.type === 'user.created' && d.payload.data.id === user.id);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(sockets.size).toBe(1);
  } finally {
    const closing = performance.now();
    await own.close();
    // The silent endpoint's attempt (15 s timeout) is abandoned at shutdown, not waited for.
    expect(performance.now() - closing).toBeLessThan(5_000);
    silent.closeAllConnections();
    silent.close();
  }
});
