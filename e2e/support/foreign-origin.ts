// A "foreign origin" for the redirect tests: a tiny HTTP server that logs every request (headers and body)
// and answers CORS permissively, so that a browser which did follow a redirect would deliver everything.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface ForeignRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface ForeignOrigin {
  origin: string;
  log: ForeignRequest[];
  close(): Promise<void>;
}

export async function startForeignOrigin(port: number): Promise<ForeignOrigin> {
  const log: ForeignRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      log.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(req.method === 'OPTIONS' ? 204 : 200, {
        'access-control-allow-origin': req.headers.origin ?? '*',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
        'access-control-allow-methods': 'GET, POST, PATCH, DELETE, OPTIONS',
        'content-type': 'application/json',
      });
      res.end(req.method === 'OPTIONS' ? '' : '{}');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, 'localhost', resolve);
  });
  return { origin: `http://localhost:${port}`, log, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
