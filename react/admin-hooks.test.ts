import { createElement, Suspense } from 'react';
import { prerender } from 'react-dom/static';
import { describe, expect, it, vi } from 'vitest';
import type { StackAdminApp } from '../runtime/admin/admin-app.ts';
import { useSvixToken } from './admin-hooks.ts';

function fakeAdminApp(getSvixToken: () => Promise<string>): StackAdminApp {
  return { getSvixToken: vi.fn(getSvixToken) } as unknown as StackAdminApp;
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
