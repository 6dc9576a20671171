// One delivery POST, bounded: the connection goes only to checked addresses (endpoint-address.ts), no redirect is
// followed, the whole attempt (answer included) has a deadline, and at most the first MAX_RESPONSE_READ_BYTES of the
// answer are read before the stream is cancelled; an answer that declares more than MAX_DECLARED_BYTES is not read
// at all. node:http rather than fetch: its `lookup` option lets the connection use the address that was checked.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { endpointPort, guardedLookup, type WebhookTargetRule } from './endpoint-address.ts';

/** Svix keeps this much of an endpoint's answer. */
export const MAX_RESPONSE_CHARS = 1_000;
/** Enough bytes for MAX_RESPONSE_CHARS characters of UTF-8 (4 bytes at most each). */
export const MAX_RESPONSE_READ_BYTES = MAX_RESPONSE_CHARS * 4;
/** An answer announcing more than this (Content-Length) is not read at all. */
export const MAX_DECLARED_BYTES = 1024 * 1024;
export const ATTEMPT_TIMEOUT_MILLIS = 15_000;

export interface DeliveryAnswer {
  /** 0 when no HTTP answer came (refused address, connection error, timeout). */
  status: number;
  /** The first MAX_RESPONSE_CHARS characters of the answer, or why there is none. */
  response: string;
}

function readCapped(res: IncomingMessage): Promise<string> {
  const declared = Number(res.headers['content-length'] ?? Number.NaN);
  if (declared > MAX_DECLARED_BYTES) {
    res.destroy();
    return Promise.resolve(`(answer not read: its Content-Length ${declared} is over the ${MAX_DECLARED_BYTES}-byte limit)`);
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => resolve(new TextDecoder().decode(Buffer.concat(chunks)).slice(0, MAX_RESPONSE_CHARS));
    res.on('data', (chunk: Buffer) => {
      chunks.push(chunk.subarray(0, MAX_RESPONSE_READ_BYTES - size));
      size += chunk.length;
      if (size >= MAX_RESPONSE_READ_BYTES) {
        // Enough for what is kept: stop reading and drop the connection (the rest is never buffered).
        res.destroy();
        done();
      }
    });
    res.on('end', done);
    res.on('error', done);
    res.on('close', done);
  });
}

/** `stop` ends the attempt at once (the emulator is closing). */
export function postToEndpoint(rawUrl: string, headers: Record<string, string>, body: string, rule: WebhookTargetRule, stop: AbortSignal): Promise<DeliveryAnswer> {
  const url = new URL(rawUrl);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: DeliveryAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      // Stored as text, which PostgreSQL refuses to hold a NUL in.
      resolve({ status: answer.status, response: answer.response.replaceAll('\u0000', '\uFFFD') });
    };
    const req = send(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: guardedLookup(endpointPort(url), rule),
      // A fresh connection per attempt: nothing pooled outlives it.
      agent: false,
      signal: stop,
    });
    const deadline = setTimeout(() => {
      req.destroy(new Error(`no complete answer within ${ATTEMPT_TIMEOUT_MILLIS / 1000} s`));
    }, ATTEMPT_TIMEOUT_MILLIS);
    deadline.unref();
    req.on('response', (res) => {
      void readCapped(res).then((response) => finish({ status: res.statusCode ?? 0, response }));
    });
    req.on('error', (error) => finish({ status: 0, response: error.message }));
    req.end(body);
  });
}
