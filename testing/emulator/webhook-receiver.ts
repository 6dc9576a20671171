// A webhook receiver on a loopback port: records each delivery and lets a test await the next ones matching a
// predicate (no polling). `respond` picks each answer's status (default 204).
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Delivery {
  /** The path (and query) the delivery was POSTed to. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  payload: { type: string; data: Record<string, unknown> };
}

export interface WebhookReceiver {
  url: string;
  deliveries: Delivery[];
  /** Resolves with the first delivery (past or future) that matches. */
  next(match: (d: Delivery) => boolean): Promise<Delivery>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(respond: (d: Delivery, index: number) => number = () => 204): Promise<WebhookReceiver> {
  const deliveries: Delivery[] = [];
  const waiters: { match: (d: Delivery) => boolean; resolve: (d: Delivery) => void }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const delivery: Delivery = { path: req.url ?? '', headers: req.headers, body, payload: JSON.parse(body) as Delivery['payload'] };
      deliveries.push(delivery);
      res.writeHead(respond(delivery, deliveries.length - 1)).end();
      for (const waiter of waiters.filter((w) => w.match(delivery))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(delivery);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    deliveries,
    next: (match) => {
      const seen = deliveries.find(match);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
