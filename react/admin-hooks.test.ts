import { createElement, Suspense } from 'react';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StackAdminApp } from '../runtime/admin/admin-app.ts';
import type { SvixClient } from '../runtime/admin/svix-client.ts';
import { SvixHub } from '../runtime/admin/svix-hub.ts';
import { useEndpointMessageAttempts, useEndpoints, useSvix, useSvixToken } from './admin-hooks.ts';

/** An admin app as the hooks use it: its Svix token, and the state its hooks share (held by the app, as StackAdminApp does). */
function fakeAdminApp(getToken: () => Promise<string>, projectId = 'demo'): StackAdminApp {
  const getSvixToken = vi.fn(getToken);
  return { projectId, getSvixToken, svix: new SvixHub(getSvixToken, projectId) } as unknown as StackAdminApp;
}

function Token({ app, label }: { app: StackAdminApp; label: string }) {
  return createElement('p', null, `${label}:${useSvixToken(app)}`);
}

/** Renders until the suspended reads settle; a failed one leaves the fallback in place. */
async function renderSettled(...children: ReturnType<typeof createElement>[]): Promise<string> {
  const { prelude } = await prerender(createElement(Suspense, { fallback: createElement('p', null, 'loading') }, ...children), { onError: () => undefined });
  return new Response(prelude).text();
}

describe('useSvixToken', () => {
  it('suspends until the token arrives, then renders it; one request per app, shared by every component', async () => {
    const app = fakeAdminApp(async () => 'svix-token-1');
    const html = await renderSettled(createElement(Token, { app, label: 'a' }), createElement(Token, { app, label: 'b' }));
    expect(html).toContain('<p>a:svix-token-1</p><p>b:svix-token-1</p>');
    expect(await renderSettled(createElement(Token, { app, label: 'again' }))).toContain('again:svix-token-1');
    expect(app.getSvixToken).toHaveBeenCalledTimes(1);
  });

  it('keeps apps apart', async () => {
    const first = fakeAdminApp(async () => 'first');
    const second = fakeAdminApp(async () => 'second');
    const html = await renderSettled(createElement(Token, { app: first, label: '1' }), createElement(Token, { app: second, label: '2' }));
    expect(html).toContain('<p>1:first</p><p>2:second</p>');
  });

  it('does not cache a failure: the next render asks again', async () => {
    let calls = 0;
    const app = fakeAdminApp(async () => {
      calls += 1;
      if (calls === 1) throw new Error('svix down');
      return 'recovered';
    });
    expect(await renderSettled(createElement(Token, { app, label: 't' }))).not.toContain('t:');
    expect(await renderSettled(createElement(Token, { app, label: 't' }))).toContain('<p>t:recovered</p>');
    expect(calls).toBe(2);
  });
});

describe('the Svix hooks', () => {
  const SERVER = 'http://127.0.0.1:8113';
  const endpointList = { data: [], done: true, iterator: null, prevIterator: null };
  const adminApp = (tokens: string[]) => {
    const app = fakeAdminApp(async () => tokens.shift() ?? 'no token left');
    return { app, getSvixToken: app.getSvixToken };
  };
  /** Stubs fetch with the given answers (in turn); returns the authorization headers it saw. */
  function stubFetch(answers: Response[]): string[] {
    const seen: string[] = [];
    vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      seen.push((init.headers as Record<string, string>).authorization ?? '');
      return answers.shift() ?? new Response(null, { status: 599 });
    });
    return seen;
  }
  afterEach(() => vi.unstubAllGlobals());

  function Client({ app, onClient }: { app: StackAdminApp; onClient: (svix: SvixClient) => void }) {
    onClient(useSvix(app, { serverUrl: SERVER }));
    return null;
  }

  it('useSvix: one client per app and server, on the token useSvixToken shows (asked once)', async () => {
    const { app, getSvixToken } = adminApp(['svix-token-1']);
    const seen = stubFetch([Response.json(endpointList), Response.json(endpointList)]);
    const clients: SvixClient[] = [];
    await renderSettled(createElement(Client, { app, onClient: (c) => clients.push(c) }), createElement(Token, { app, label: 't' }), createElement(Client, { app, onClient: (c) => clients.push(c) }));
    expect(clients[0]).toBe(clients[1]);
    expect(clients[0]?.appId).toBe('demo');
    await clients[0]?.listEndpoints();
    await clients[0]?.listEndpoints();
    expect(seen).toEqual(['Bearer svix-token-1', 'Bearer svix-token-1']);
    expect(getSvixToken).toHaveBeenCalledTimes(1);
  });

  it('a token the Svix server refuses (401) is dropped: the next call asks the backend for a new one', async () => {
    const { app, getSvixToken } = adminApp(['expired', 'fresh']);
    const seen = stubFetch([Response.json({ code: 'authentication_failed', detail: 'Invalid token' }, { status: 401 }), Response.json(endpointList)]);
    let svix: SvixClient | undefined;
    await renderSettled(createElement(Client, { app, onClient: (c) => (svix = c) }));
    await expect(svix?.listEndpoints()).rejects.toMatchObject({ status: 401 });
    await expect(svix?.listEndpoints()).resolves.toMatchObject({ data: [] });
    expect(seen).toEqual(['Bearer expired', 'Bearer fresh']);
    expect(getSvixToken).toHaveBeenCalledTimes(2);
  });

  it('useEndpoints and useEndpointMessageAttempts render loading and read nothing while rendering (the read starts on mount)', async () => {
    const { app, getSvixToken } = adminApp(['t']);
    const seen = stubFetch([]);
    function Lists() {
      const endpoints = useEndpoints(app, { serverUrl: SERVER });
      const attempts = useEndpointMessageAttempts(app, 'ep_1', { serverUrl: SERVER, withMsg: true });
      return createElement('p', null, `${String(endpoints.loading)}:${String(endpoints.data)}:${String(attempts.loading)}:${String(attempts.hasNextPage)}`);
    }
    expect(await renderSettled(createElement(Lists))).toContain('<p>true:undefined:true:false</p>');
    expect(seen).toEqual([]);
    expect(getSvixToken).not.toHaveBeenCalled();
  });
});
