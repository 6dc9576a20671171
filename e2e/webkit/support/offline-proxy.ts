// The WebKit session's network cable. WebKitGTK's WebDriver has no offline emulation, and its navigator.onLine
// follows the system's network monitor only when a web process starts, so a story that goes offline sends the
// session through this forward proxy (the WebDriver `proxy` capability: pages and the service worker alike) and
// pulls the plug here. Hand-written: the switch is the point, the forwarding is a few lines of node:http.
import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';

export interface OfflineProxy {
  /** host:port, for the WebDriver `proxy` capability. */
  address: string;
  /** Offline: every open connection is dropped and new ones are reset, as when the network goes. */
  setOffline(offline: boolean): void;
  close(): Promise<void>;
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade'];
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function forwardedHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.includes(name)));
}

export async function startOfflineProxy(): Promise<OfflineProxy> {
  let offline = false;
  const sockets = new Set<Socket>();
  const server = createServer((incoming, outgoing) => {
    const target = URL.canParse(incoming.url ?? '') ? new URL(incoming.url ?? '') : null;
    // The suite never leaves this machine: anything else is refused, like a dead network.
    if (offline || !target || target.protocol !== 'http:' || !LOOPBACK.has(target.hostname)) {
      incoming.socket.destroy();
      return;
    }
    const upstream = request(target, { method: incoming.method, headers: forwardedHeaders(incoming.headers) }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, forwardedHeaders(answer.headers));
      answer.pipe(outgoing);
    });
    upstream.on('error', () => incoming.socket.destroy());
    incoming.pipe(upstream);
  });
  server.on('connection', (socket) => {
    if (offline) return void socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // No HTTPS in the suite: a tunnel request is refused.
  server.on('connect', (_request, socket: Socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the offline proxy has no port');
  return {
    address: `127.0.0.1:${address.port}`,
    setOffline(value) {
      offline = value;
      if (offline) for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
