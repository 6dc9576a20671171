import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useStackApp } from '../hooks.ts';
import { HANDLER_CSS } from './styles.ts';

const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  'sign-in': lazy(() => import('./pages/sign-in.tsx')),
  'sign-up': lazy(() => import('./pages/sign-up.tsx')),
  'sign-out': lazy(() => import('./pages/sign-out.tsx')),
};
const ALIASES: Record<string, string> = { 'log-in': 'sign-in', register: 'sign-up' };

export interface AuthHandlerProps {
  /** The current pathname; defaults to `location.pathname`. Pass your router's to re-render on navigation. */
  location?: string;
}

/** Renders the handler page for the current path under the app's handler base path. */
export function AuthHandler({ location: pathname }: AuthHandlerProps) {
  const app = useStackApp();
  const path = pathname ?? (typeof location === 'undefined' ? '' : location.pathname);
  const base = app.urls.handler;
  const rest = path.startsWith(`${base}/`) ? path.slice(base.length + 1).replace(/\/+$/, '') : '';
  const name = ALIASES[rest] ?? rest;
  const Page = PAGES[name];
  return (
    <>
      <style>{HANDLER_CSS}</style>
      {Page ? (
        <Suspense fallback={<div className="aw-page" aria-busy="true" />}>
          <Page />
        </Suspense>
      ) : (
        <div className="aw-page">
          <h1>Page not found</h1>
          <p>There is no handler page at {path}.</p>
        </div>
      )}
    </>
  );
}

/** The official SDK's name for the handler component. */
export const StackHandler = AuthHandler;
