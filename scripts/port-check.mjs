// Whether a local port can be listened on, asked before a script starts the servers that need it.
import { createServer } from 'node:net';

/** Errors of a host this machine does not have (no IPv6): nothing can be listening there. */
const ABSENT_HOST = new Set(['EADDRNOTAVAIL', 'EAFNOSUPPORT']);

function tryListen(port, host) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error) => resolve(ABSENT_HOST.has(error.code) ? null : error.code));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(null)));
  });
}

/**
 * Why `port` cannot be used on localhost (taken on IPv4 or IPv6, or not allowed for this user), or null when it is
 * free. Both loopback addresses are asked: `localhost` may resolve to either, in the servers and in the browser.
 */
export async function portProblem(port) {
  for (const host of ['127.0.0.1', '::1']) {
    const code = await tryListen(port, host);
    if (code === 'EADDRINUSE') return 'is in use (another program?)';
    if (code === 'EACCES') return 'cannot be opened by this user';
    if (code) return `cannot be opened (${code})`;
  }
  return null;
}
