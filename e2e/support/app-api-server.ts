// The app's own backend in the e2e suite: the demo proxies /app-api/ and /other-api/ here. It
// resolves the user from the x-stack-auth header with the server app (JWKS-verified), for API calls
// (`/me`) and for server-rendered pages (`/page`, which a navigation loads; `/go` redirects there).
import { createServer } from 'node:http';
import { DEMO_PROJECT } from '../../emulator/domain/seed.ts';
import { StackServerApp } from '../../runtime/server/index.ts';

const port = Number(process.env.APP_API_PORT ?? 14175);
const app = new StackServerApp({
  projectId: DEMO_PROJECT.id,
  secretServerKey: DEMO_PROJECT.secretServerKey,
  baseUrl: process.env.AUTHWORKER_API_URL ?? 'http://localhost:18102',
});

/** Page requests per `probe` query value, so a test can tell what reached the server (and with what). */
const seen = new Map<string, { method: string; path: string; xStackAuth: boolean; secFetchSite: string | null; strictCookie: boolean }[]>();

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

createServer((req, res) => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  const reply = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname;
  if (path === '/health') return reply(200, { ok: true });
  if (path.endsWith('/echo')) return reply(200, { xStackAuth: headers.get('x-stack-auth') });
  if (path === '/seen') return reply(200, seen.get(url.searchParams.get('probe') ?? '') ?? []);
  if (path.endsWith('/go')) {
    // A page that moved: the browser follows the redirect as a navigation of its own.
    res.writeHead(302, { location: `${path.slice(0, -'/go'.length)}/page${url.search}` });
    res.end();
    return;
  }
  if (path.endsWith('/page')) {
    // A server-rendered page: who the user is, from the header a navigation brought (or not).
    const probe = url.searchParams.get('probe');
    const xStackAuth = headers.has('x-stack-auth');
    // The Fetch Metadata and SameSite=Strict cookie (`aw-strict`, set by the test) an app's CSRF defence would read.
    const request = { method: req.method ?? 'GET', path, xStackAuth, secFetchSite: headers.get('sec-fetch-site'), strictCookie: /(^|;\s*)aw-strict=/.test(headers.get('cookie') ?? '') };
    if (probe) seen.set(probe, [...(seen.get(probe) ?? []), request]);
    app.getUserFromRequest(new Request(`http://localhost${path}`, { headers })).then(
      (user) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          `<!doctype html><title>Server page</title><p data-testid="server-user">${escapeHtml(user?.primaryEmail ?? 'signed out')}</p>` +
            `<p data-testid="server-header">${xStackAuth ? 'x-stack-auth' : 'no header'}</p>`,
        );
      },
      (error: unknown) => reply(500, { error: String(error) }),
    );
    return;
  }
  if (path === '/app-api/me') {
    app.getUserFromRequest(new Request('http://localhost/app-api/me', { headers })).then(
      (user) => (user ? reply(200, { id: user.id, primaryEmail: user.primaryEmail }) : reply(401, { error: 'not signed in' })),
      (error: unknown) => reply(500, { error: String(error) }),
    );
    return;
  }
  reply(404, { error: 'not found' });
}).listen(port, 'localhost');
