import { createElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { StackClientApp } from '../../runtime/client/client-app.ts';
import { resolveHandlerUrls } from '../../runtime/flows/handler-urls.ts';
import { AuthProvider } from '../provider.tsx';
import { ErrorBoundary as PageErrorBoundary } from '../components/error-boundary.tsx';
import { AuthHandler } from './lazy-auth-handler.tsx';

// What a handler page shows instead of itself: while its code loads, and when it fails (the boundary's
// catching itself needs a browser: e2e/handler-page-failures.spec.ts).

describe('handler page fallbacks', () => {
  it('says "Loading…" while the handler code loads', () => {
    const app = { urls: resolveHandlerUrls() } as unknown as StackClientApp;
    const html = renderToString(createElement(AuthProvider, { app }, createElement(AuthHandler, { location: '/handler/sign-in' })));
    expect(html).toContain('<div class="aw-page" aria-busy="true">Loading…</div>');
  });

  it('shows a failure as an alert (its first paragraph) with "Try again", which retries and renders the page again', () => {
    const onRetry = vi.fn();
    const boundary = new PageErrorBoundary({ onRetry, fullPage: true, children: 'the page' });
    boundary.state = PageErrorBoundary.getDerivedStateFromError(new Error('Stack Auth is unable to connect to the server.\n\n{ "diagnostics": 1 }'));
    const setState = vi.spyOn(boundary, 'setState').mockImplementation(() => undefined);
    // The components' styles come first (React puts them in the document's head).
    const html = renderToStaticMarkup(boundary.render()).replace(/^<style [^>]*>[^<]*<\/style>/, '');
    expect(html).toBe(
      '<div class="aw-page aw-card aw-full-page"><h1>Something went wrong</h1><p class="aw-error" role="alert">Stack Auth is unable to connect to the server.</p><button class="aw-button" type="button">Try again</button></div>',
    );
    boundary.retry();
    expect(onRetry).toHaveBeenCalledOnce();
    expect(setState).toHaveBeenCalledWith({ error: null });
  });

  it('turns anything thrown into an error to show', () => {
    expect(PageErrorBoundary.getDerivedStateFromError('chunk failed').error.message).toBe('chunk failed');
  });
});
