// The app's own backend in the e2e suite: the demo proxies /app-api/ and /other-api/ here. It
// resolves the user from the x-stack-auth header with the server app (JWKS-verified).
import { createServer } from 'node:http';
import { DEMO_PROJECT } from '../../emulator/seed.ts';
import { StackServerApp } from '../../runtime/server/index.ts';

const port = Number(process.env.APP_API_PORT ?? 14175);
const app = new StackServerApp({
  projectId: DEMO_PROJECT.id,
  secretServerKey: DEMO_PROJECT.secretServerKey,
  baseUrl: process.env.AUTHWORKER_API_URL ?? 'http://localhost:18102',
});

createServer((req, res) => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (path === '/health') return reply(200, { ok: true });
  if (path.endsWith('/echo')) return reply(200, { xStackAuth: headers.get('x-stack-auth') });
  if (path === '/app-api/me') {
    app.getUserFromRequest(new Request('http://localhost/app-api/me', { headers })).then(
      (user) => (user ? reply(200, { id: user.id, primaryEmail: user.primaryEmail }) : reply(401, { error: 'not signed in' })),
      (error: unknown) => reply(500, { error: String(error) }),
    );
    return;
  }
  reply(404, { error: 'not found' });
}).listen(port, 'localhost');
