// A TCP proxy on loopback that makes the network cost something: one round trip per connection set-up and
// half a round trip per request/response direction, like a real link. Both clients' API and page traffic
// pass through such proxies; the profile can be switched between runs. Bounded: at most `maxConnections`
// sockets, idle sockets closed, and the proxy stops by itself after `lifetimeMs`.
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface LatencyProfile {
  name: string;
  /** Round-trip time added: a connection's first byte waits one RTT (the handshake), every chunk RTT/2 per direction. */
  rttMs: number;
}

export const PROFILES: readonly LatencyProfile[] = [
  { name: '0 ms', rttMs: 0 },
  { name: '40 ms RTT', rttMs: 40 },
  { name: '150 ms RTT', rttMs: 150 },
];

export interface LatencyProxyOptions {
  /** Where connections go, e.g. { host: 'localhost', port: 28102 }. */
  target: { host: string; port: number };
  /** 0 = any free port. */
  port?: number;
  maxConnections?: number;
  idleMs?: number;
  lifetimeMs?: number;
}

export interface LatencyProxy {
  /** http://localhost:<port> */
  url: string;
  port: number;
  profile: LatencyProfile;
  setProfile(profile: LatencyProfile): void;
  /** Connections accepted so far. */
  readonly connections: number;
  close(): Promise<void>;
}

/** Above this many bytes waiting in one direction, the reading side is paused. */
const MAX_QUEUED_BYTES = 4 * 1024 * 1024;

/**
 * Forwards `from` to `to`, each chunk `delayMs()` after it arrived, in order. When `from` ends or closes, `to` is
 * ended after the last queued chunk, never before: an answer still under way when its sender hung up (a
 * `connection: close` answer) is delivered in full. If `from` closed outright, `to` is destroyed once that end is written.
 */
function delayedPipe(from: Socket, to: Socket, delayMs: () => number, startAfter: Promise<void>): void {
  const queue: { at: number; chunk: Buffer | null }[] = [];
  let queued = 0;
  let timer: NodeJS.Timeout | undefined;
  let ready = false;
  let ended = false;
  const finish = () => {
    if (from.destroyed) to.end(() => to.destroy());
    else to.end();
  };
  const flush = () => {
    timer = undefined;
    if (!ready || to.destroyed) return;
    const now = performance.now();
    while (queue.length > 0 && (queue[0]?.at ?? Infinity) <= now + 0.5) {
      const { chunk } = queue.shift() as { chunk: Buffer | null };
      if (chunk === null) {
        finish();
        return;
      }
      queued -= chunk.length;
      to.write(chunk);
    }
    if (queued < MAX_QUEUED_BYTES && from.isPaused()) from.resume();
    const head = queue[0];
    if (head) timer = setTimeout(flush, Math.max(0, head.at - performance.now()));
  };
  const push = (chunk: Buffer | null) => {
    if (ended) return;
    if (chunk === null) ended = true;
    // No delay and nothing waiting: straight through (a timer would add a millisecond).
    if (ready && queue.length === 0 && delayMs() === 0) {
      if (chunk === null) finish();
      else to.write(chunk);
      return;
    }
    const last = queue.at(-1)?.at ?? 0;
    queue.push({ at: Math.max(performance.now() + delayMs(), last), chunk });
    if (chunk) queued += chunk.length;
    if (queued >= MAX_QUEUED_BYTES) from.pause();
    if (timer === undefined && ready) timer = setTimeout(flush, Math.max(0, (queue[0]?.at ?? 0) - performance.now()));
  };
  from.on('data', (chunk: Buffer) => push(chunk));
  from.on('end', () => push(null));
  // Closed before the link was up (e.g. the target refused): nothing can cross, so the other side goes too.
  from.on('close', () => (ready ? push(null) : to.destroy()));
  void startAfter.then(() => {
    ready = true;
    flush();
  });
  to.on('close', () => clearTimeout(timer));
}

export async function startLatencyProxy(options: LatencyProxyOptions): Promise<LatencyProxy> {
  const { target, maxConnections = 512, idleMs = 30_000, lifetimeMs = 60 * 60_000 } = options;
  let profile = PROFILES[0] as LatencyProfile;
  let connections = 0;
  const sockets = new Set<Socket>();
  const servers: Server[] = [];

  const onConnection = (client: Socket) => {
    connections++;
    const rtt = profile.rttMs;
    // Half-open allowed: one side's end must not end the other direction, whose answer may still be queued here.
    const upstream = connect({ host: target.host, port: target.port, allowHalfOpen: true });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.setTimeout(idleMs, () => socket.destroy());
      socket.on('error', () => undefined);
      // The other side is ended by its pipe once every byte queued for it is written (delayedPipe).
      socket.on('close', () => sockets.delete(socket));
    }
    // The handshake's round trip: nothing crosses before it; then each direction costs half an RTT.
    const connected = new Promise<void>((done) => upstream.once('connect', () => done()));
    const handshake = rtt > 0 ? connected.then(() => new Promise<void>((done) => setTimeout(done, rtt))) : connected;
    const oneWay = () => rtt / 2;
    delayedPipe(client, upstream, oneWay, handshake);
    delayedPipe(upstream, client, oneWay, handshake);
  };

  // Loopback only: IPv4 and, where the machine has it, IPv6 (Chromium may try either for "localhost").
  const port = await listen(onConnection, '127.0.0.1', options.port ?? 0, maxConnections, servers);
  await listen(onConnection, '::1', port, maxConnections, servers).catch(() => undefined);

  const close = async () => {
    clearTimeout(lifetime);
    for (const socket of sockets) socket.destroy();
    await Promise.all(servers.map((server) => new Promise<void>((done) => server.close(() => done()))));
  };
  const lifetime = setTimeout(() => void close(), lifetimeMs);
  lifetime.unref();

  return {
    url: `http://localhost:${port}`,
    port,
    get profile() {
      return profile;
    },
    setProfile(next) {
      profile = next;
      // Kept-alive connections were set up under the old profile: the next requests open new ones.
      for (const socket of sockets) socket.destroy();
    },
    get connections() {
      return connections;
    },
    close,
  };
}

function listen(onConnection: (socket: Socket) => void, host: string, port: number, maxConnections: number, servers: Server[]): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer({ allowHalfOpen: true }, onConnection);
    server.maxConnections = maxConnections;
    server.once('error', fail);
    server.listen(port, host, () => {
      servers.push(server);
      const address = server.address();
      if (typeof address === 'object' && address) done(address.port);
      else fail(new Error('the proxy has no port'));
    });
  });
}
