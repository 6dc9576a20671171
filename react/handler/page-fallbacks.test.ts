import { createElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { StackClientApp } from '../../runtime/client/app/client-app.ts';
import { resolveHandlerUrls } from '../../runtime/flows/handler-urls.ts';
import { AuthProvider } from '../provider.tsx';
import { HttpError, NetworkError, OfflineError } from '../../runtime/http/errors.ts';
import { ErrorBoundary as PageErrorBoundary } from '../components/error-boundary.tsx';
import { OFFLINE_WAITING_TEXT, STILL_TRYING_TEXT } from '../components/error-text.ts';
import { AuthHandler } from './lazy-auth-handler.tsx';

// What a handler page shows instead of itself: while its code loads, and when it fails (the boundary's
// catching itself needs a browser: e2e/handler-page-failures.spec.ts).

describe('handler page fallbacks', () => {
  it('marks the page busy while the handler code loads: no words, which would put the catalogue in the page\'s first bundle (the handler then says "Loading…" in the page\'s language)', () => {
    const app = { urls: resolveHandlerUrls() } as unknown as StackClientApp;
    const html = renderToString(createElement(AuthProvider, { app }, createElement(AuthHandler, { location: '/handler/sign-in' })));
    expect(html).toContain('<div class="aw-page" aria-busy="true"></div>');
  });

  it('shows a failure as an alert in words for people (never its message) with "Try again", which retries and renders the page again', () => {
    const onRetry = vi.fn();
    const boundary = new PageErrorBoundary({ onRetry, fullPage: true, children: 'the page' });
    boundary.state = PageErrorBoundary.getDerivedStateFromError(new HttpError('http://localhost:8102/api/v1/projects/current', 500, '<html>oops</html>'));
    const setState = vi.spyOn(boundary, 'setState').mockImplementation(() => undefined);
    // The components' styles come first (React puts them in the document's head).
    const html = renderToStaticMarkup(boundary.render()).replace(/^<style [^>]*>[^<]*<\/style>/, '');
    expect(html).toBe(
      '<div class="aw-page aw-card aw-full-page"><h1>This could not be shown</h1><p class="aw-error" role="alert">The server had a problem. Please try again later.</p><button class="aw-button" type="button">Try again</button></div>',
    );
    boundary.retry();
    expect(onRetry).toHaveBeenCalledOnce();
    expect(setState).toHaveBeenCalledWith({ error: null });
  });

  it('out of reach (offline, server down) it says it is still trying, not "Something went wrong"', () => {
    for (const [error, text] of [
      [new NetworkError(new TypeError('Failed to fetch'), {}, 'http://localhost:8102/api/v1/projects/current'), STILL_TRYING_TEXT],
      [new OfflineError(), OFFLINE_WAITING_TEXT],
    ] as const) {
      const boundary = new PageErrorBoundary({ fullPage: true, children: 'the page' });
      boundary.state = PageErrorBoundary.getDerivedStateFromError(error);
      const html = renderToStaticMarkup(boundary.render());
      expect(html).toContain(`<p class="aw-banner" role="status" aria-busy="true">${text}</p>`);
      expect(html).not.toContain('Something went wrong');
    }
  });

  it('turns anything thrown into an error to show', () => {
    expect(PageErrorBoundary.getDerivedStateFromError('chunk failed').error.message).toBe('chunk failed');
  });
});
