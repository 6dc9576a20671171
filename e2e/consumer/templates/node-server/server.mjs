// A plain Node HTTP server (no framework) that checks who is calling with authworker/server.
//   GET /me     the signed-in user of the request (x-stack-auth or Authorization), or 401
//   GET /users  the project's users (secret server key)
import { createServer } from 'node:http';
import { StackServerApp } from 'authworker/server';

const app = new StackServerApp({
  baseUrl: process.env.API_URL,
  projectId: process.env.PROJECT_ID,
  publishableClientKey: process.env.PUBLISHABLE_CLIENT_KEY,
  secretServerKey: process.env.SECRET_SERVER_KEY,
});

/** node:http headers as the Request-like object the server app reads. */
function asRequest(req) {
  return { headers: new Headers(Object.entries(req.headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]]))) };
}

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const server = createServer(async (req, res) => {
  try {
    if (req.url === '/me') {
      const user = await app.getUserFromRequest(asRequest(req));
      if (user === null) return send(res, 401, { error: 'Sign in first' });
      return send(res, 200, { id: user.id, email: user.primaryEmail });
    }
    if (req.url === '/users') {
      const users = await app.listUsers({ limit: 100 });
      return send(res, 200, { emails: users.map((user) => user.primaryEmail) });
    }
    send(res, 404, { error: 'Not found' });
  } catch (error) {
    send(res, 500, { error: String(error) });
  }
});

server.listen(Number(process.env.PORT ?? 3000), 'localhost', () => {
  console.log(`listening on http://localhost:${server.address().port}`);
});
