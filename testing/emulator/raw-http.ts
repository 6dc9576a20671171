// HTTP over a real socket for abuse tests: streamed bodies that stop once the server answers, oversized headers,
// and a connection reset reported as an outcome instead of a thrown error.
import { request, type OutgoingHttpHeaders } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  /** 'reset': the connection failed before any answer arrived (what these tests must never see). */
  outcome: 'answered' | 'reset';
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The first 64 KB of the body. */
  body: string;
  /** Body bytes written before the answer arrived. */
  bytesSent: number;
  error?: string;
}

export interface RawRequest {
  port: number;
  path: string;
  method?: string;
  headers?: OutgoingHttpHeaders;
  /** A fixed body. */
  body?: string | Uint8Array;
  /** Or a streamed body of zeros: this many bytes, sent until the server answers. */
  streamBytes?: number;
  /** With streamBytes: announce the size in Content-Length (else chunked transfer encoding). */
  announceLength?: boolean;
}

const CHUNK = new Uint8Array(64 * 1024);
const BODY_KEPT = 64 * 1024;

export function rawRequest(opts: RawRequest): Promise<RawAnswer> {
  return new Promise((resolve) => {
    let bytesSent = 0;
    let answered = false;
    let settled = false;
    const headers: OutgoingHttpHeaders = { ...opts.headers };
    // Explicit chunked encoding: node:http would otherwise send a DELETE body unframed.
    if (opts.streamBytes !== undefined) headers[opts.announceLength ? 'content-length' : 'transfer-encoding'] = opts.announceLength ? String(opts.streamBytes) : 'chunked';
    const req = request({ host: 'localhost', port: opts.port, path: opts.path, method: opts.method ?? 'POST', headers, agent: false }, (res) => {
      answered = true;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (body.length < BODY_KEPT) body += chunk;
      });
      const finish = () => {
        if (settled) return;
        settled = true;
        req.destroy();
        resolve({ outcome: 'answered', status: res.statusCode ?? 0, headers: res.headers, body: body.slice(0, BODY_KEPT), bytesSent });
      };
      res.on('end', finish);
      res.on('error', finish);
      res.on('aborted', finish);
    });
    req.on('error', (error) => {
      // An error after the answer arrived is the server closing the rest of an upload it refused.
      if (answered || settled) return;
      settled = true;
      resolve({ outcome: 'reset', status: 0, headers: {}, body: '', bytesSent, error: error.message });
    });
    if (opts.streamBytes === undefined) {
      req.end(opts.body);
      return;
    }
    const total = opts.streamBytes;
    const pump = () => {
      while (!answered && bytesSent < total) {
        const chunk = total - bytesSent >= CHUNK.length ? CHUNK : CHUNK.subarray(0, total - bytesSent);
        bytesSent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    pump();
  });
}

/** A connected TCP socket to the loopback port. */
export async function openSocket(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return socket;
}

/** Reads one HTTP/1.1 answer (head + content-length or chunked body) from a raw socket: its status line and lower-cased head. */
export function readAnswer(socket: Socket): Promise<{ status: string; head: string }> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buffer.slice(0, end);
      const chunked = /transfer-encoding: chunked/i.test(head);
      const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
      if (chunked ? !buffer.endsWith('0\r\n\r\n') : buffer.length < end + 4 + length) return;
      socket.off('data', onData);
      resolve({ status: head.split('\r\n')[0] ?? '', head: head.toLowerCase() });
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('close', () => reject(new Error(`closed after ${JSON.stringify(buffer.slice(0, 80))}`)));
  });
}
