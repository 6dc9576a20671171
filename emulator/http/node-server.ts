// Serves a Hono app on a real socket: a bounded header block answered 431 (not a reset), and clean shutdown.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { serve, type Http2Bindings, type HttpBindings, type ServerType } from '@hono/node-server';
import { MAX_HEADER_BYTES } from './request-limits.ts';

type FetchHandler = (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>;

/** How long a refused client may keep sending (while it reads the answer) before its socket is cut. */
const REFUSED_DRAIN_MS = 5_000;

function refusalStatus(code: string | undefined): string | null {
  if (code === 'HPE_HEADER_OVERFLOW') return '431 Request Header Fields Too Large';
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return '408 Request Timeout';
  if (code?.startsWith('HPE_')) return '400 Bad Request';
  return null;
}

/**
 * Node's default answer to an oversized header block writes the 431 then destroys the socket while the client is
 * still sending, so the client sees a connection reset. Here the answer is written with a FIN, the rest of the
 * request is read and dropped, and the socket is cut after REFUSED_DRAIN_MS at the latest.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  const status = refusalStatus(error.code);
  if (status === null || !socket.writable) {
    socket.destroy();
    return;
  }
  const body = `${status.slice(4)}\n`;
  socket.removeAllListeners('data');
  socket.on('data', () => undefined);
  socket.end(`HTTP/1.1 ${status}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`);
  setTimeout(() => socket.destroy(), REFUSED_DRAIN_MS).unref();
}

/**
 * An answer sent before the request body was read (a 413) leaves the client still sending. When such an answer
 * closes the connection, Node calls `socket.destroySoon()` as the answer finishes, which destroys the socket with
 * the unread body in its receive queue: the kernel sends a reset, and a client that has not read its 413 yet loses
 * it (`write EPIPE`). So, from the moment a request with a body arrives until that body has ended, the socket's
 * `destroySoon` only ends the writing side (a FIN); the rest of the body keeps being read and dropped
 * (drainAfterAnswer), and the socket is cut only if the body is still coming REFUSED_DRAIN_MS after the answer.
 * It is installed before the app runs because Node's own finish handler runs before any added later.
 */
function closeGentlyUntilBodyEnds(incoming: IncomingMessage, outgoing: ServerResponse): void {
  if (!mayHaveUnreadBody(incoming)) return;
  const socket = incoming.socket;
  // An own property over the prototype's method, removed again once the body has ended (the socket may be reused).
  socket.destroySoon = () => {
    socket.end();
  };
  incoming.once('end', () => Reflect.deleteProperty(socket, 'destroySoon'));
  outgoing.once('finish', () => {
    if (incoming.readableEnded) return;
    setTimeout(() => {
      if (!incoming.readableEnded) socket.destroy();
    }, REFUSED_DRAIN_MS).unref();
  });
}

/**
 * A body still unread when its answer is ready (a 413, any early refusal) is read and dropped after the answer, up to
 * this many bytes, so the connection stays usable for the client's next request; a larger or unannounced (chunked)
 * body gets `connection: close` on its answer instead, and the gentle close above.
 */
export const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

function drainableBody(incoming: IncomingMessage): boolean {
  const length = incoming.headers['content-length'];
  return incoming.headers['transfer-encoding'] === undefined && length !== undefined && /^\d+$/.test(length) && Number(length) <= DRAIN_LIMIT_BYTES;
}

/**
 * Reads the rest of an answered request's body into nothing. The body's web stream (the adapter's) was abandoned
 * with the request, and holds the socket paused: its listeners go, so no byte is buffered, and reading resumes.
 */
function drainAfterAnswer(incoming: IncomingMessage): void {
  if (incoming.readableEnded || incoming.destroyed) return;
  incoming.removeAllListeners('data');
  incoming.on('data', () => undefined);
  incoming.resume();
}

/**
 * Whether the request may still have body bytes on the socket. Per HTTP/1.1 (RFC 9112 §6.3) a request with neither
 * `content-length` nor `transfer-encoding` has an empty body, so it is finished: a browser's CORS preflight is such
 * an `OPTIONS`, and must keep its connection. (Node only ends such a body's stream once it is read, so
 * `readableEnded` alone would call it unread.)
 */
function mayHaveUnreadBody(incoming: IncomingMessage): boolean {
  if (incoming.readableEnded) return false;
  const { 'content-length': length, 'transfer-encoding': encoding } = incoming.headers;
  if (encoding !== undefined) return true;
  return length !== undefined && length !== '0';
}

/** The app's answer, marked `connection: close` when the request body it did not read cannot be drained. */
async function answerWithBodyRule(app: FetchHandler, request: Request, env: HttpBindings): Promise<Response> {
  const response = await app(request, env);
  const { incoming, outgoing } = env;
  if (!mayHaveUnreadBody(incoming)) return response;
  // Read and dropped either way: a client still sending must be able to read its answer (no reset).
  outgoing.once('finish', () => drainAfterAnswer(incoming));
  if (drainableBody(incoming)) return response;
  const headers = new Headers(response.headers);
  headers.set('connection', 'close');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export function listen(app: FetchHandler, port: number, hostname: string): Promise<{ server: ServerType; port: number }> {
  const fetch: FetchHandler = (request, env) => {
    const { incoming, outgoing } = env as HttpBindings;
    closeGentlyUntilBodyEnds(incoming, outgoing);
    return answerWithBodyRule(app, request, env as HttpBindings);
  };
  return new Promise((resolve, reject) => {
    // autoCleanupIncoming off: the adapter's own drain gives up after 500 ms with a half-close, which a keep-alive
    // answer must not get; answerWithBodyRule drains instead, and closeGentlyUntilBodyEnds bounds it in time.
    const server = serve({ fetch, port, hostname, autoCleanupIncoming: false, serverOptions: { maxHeaderSize: MAX_HEADER_BYTES } }, (info) => resolve({ server, port: info.port }));
    server.once('error', reject);
    server.on('clientError', answerClientError);
  });
}

export function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    if ('closeAllConnections' in server) server.closeAllConnections();
  });
}
