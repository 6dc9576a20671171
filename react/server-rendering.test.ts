// "Safe to import in server rendering": the page runtime and the React layer load in Node without any DOM
// global, and an AuthProvider tree renders to a string there.
import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const DOM_GLOBALS = ['window', 'document', 'location', 'history', 'localStorage', 'sessionStorage', 'HTMLElement'] as const;

// The modules are imported inside the test, after the environment check, from a fresh module graph.
beforeAll(() => {
  vi.resetModules();
});

afterAll(() => {
  vi.resetModules();
});

describe('server rendering', () => {
  it('runs in Node without DOM globals', () => {
    for (const name of DOM_GLOBALS) expect(typeof (globalThis as Record<string, unknown>)[name], name).toBe('undefined');
    // Node 20 has no navigator; later versions have one without service workers, which the runtime handles too.
    expect(typeof navigator === 'undefined' || !('serviceWorker' in navigator)).toBe(true);
  });

  it('imports runtime/client and react/index, then renders an AuthProvider tree to a string', async () => {
    const requests: string[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      requests.push(String(input instanceof Request ? input.url : input));
      return new Response('{}', { status: 500 });
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const client = await import('../runtime/client/index.ts');
      const react = await import('./index.ts');
      for (const name of DOM_GLOBALS) expect(typeof (globalThis as Record<string, unknown>)[name], `${name} after import`).toBe('undefined');

      // As a server-rendered app creates it: the default token store, at module level, no window.
      const app = new client.StackClientApp({ projectId: 'ssr-project', publishableClientKey: 'pck_ssr', baseUrl: 'http://api.invalid', noAutomaticPrefetch: true, fetch });
      function Status() {
        const session = react.useSession();
        const { status } = react.useUserState();
        return createElement('p', { 'data-session': session.status, 'data-user': status }, 'status');
      }
      function Profile() {
        const user = react.useUser();
        return createElement('p', null, user?.primaryEmail ?? 'nobody');
      }
      const tree = createElement(
        react.AuthProvider,
        { app },
        createElement(Status),
        createElement(react.SignedIn, null, createElement('p', null, 'signed in')),
        createElement(react.SignedOut, null, createElement('p', null, 'signed out')),
        createElement(react.UserButton),
        createElement(Suspense, { fallback: createElement('p', null, 'loading profile') }, createElement(Profile)),
        createElement(react.AuthHandler, { location: '/handler/sign-in' }),
      );
      let html = '';
      expect(() => (html = renderToString(tree))).not.toThrow();
      // On the server the session is "loading": the gates render nothing, suspended parts their fallbacks.
      expect(html).toContain('data-session="loading"');
      expect(html).toContain('data-user="loading"');
      expect(html).not.toContain('signed in');
      expect(html).not.toContain('signed out');
      expect(html).toContain('loading profile');
      expect(html).toContain('class="aw-page" aria-busy="true"');
      // Rendering asked the network for nothing.
      expect(requests).toEqual([]);
      expect(warn.mock.calls.filter(([text]) => !String(text).includes('session backend'))).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });
});
