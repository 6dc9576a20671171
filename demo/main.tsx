import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StackClientApp } from '../runtime/client/index.ts';
import { AuthProvider } from '../react/index.ts';
import { isLocale } from '../react/i18n/locales.ts';
import { App } from './app.tsx';
import { navigate } from './router.ts';

// `?tokenStore=cookie` switches the demo to the cookie store, `?persistence=memory` its worker to keeping the
// session in memory only, `?afterSignIn=<url>` points its after-sign-in URL elsewhere (an absolute URL on another
// origin, say); each is remembered for the next visits.
const query = new URL(location.href).searchParams;
const tokenStore = remembered('authworker-demo-token-store', query.get('tokenStore')) === 'cookie' ? 'cookie' : 'service-worker';
const persistence = remembered('authworker-demo-persistence', query.get('persistence')) === 'memory' ? 'memory' : 'indexeddb';
const afterSignIn = remembered('authworker-demo-after-sign-in', query.get('afterSignIn'));
// `?lang=de-DE`: the components in one of the twelve languages (this page load only).
const lang = query.get('lang') ?? undefined;
// `?migrateOfficialSession=on`: the demo plays an app switching from the official SDK (docs/migrating.md).
const migrateOfficialSession = remembered('authworker-demo-migrate', query.get('migrateOfficialSession')) === 'on';

/** The remembered choice; none where the browser denies storage (Chromium's third-party iframes with third-party cookies blocked). */
function remembered(key: string, choice: string | null): string | null {
  try {
    if (choice) localStorage.setItem(key, choice);
    return localStorage.getItem(key);
  } catch {
    return choice;
  }
}

const app = new StackClientApp({
  tokenStore,
  projectId: __AUTHWORKER_DEMO__.projectId,
  publishableClientKey: __AUTHWORKER_DEMO__.publishableClientKey,
  baseUrl: __AUTHWORKER_DEMO__.apiUrl,
  // The worker reads the mode from its script URL (demo/sw.ts).
  ...(persistence === 'memory' ? { serviceWorker: { url: '/sw.js?persistence=memory' } } : {}),
  redirectMethod: { navigate: (to) => navigate(to, { replace: true }) },
  ...(afterSignIn ? { urls: { afterSignIn } } : {}),
  // The demo's other names on this machine (http://app.localhost:<port>) are its own: redirects may go there.
  trustedDomains: ['http://*.localhost:*'],
  migrateOfficialSession,
});
// For the e2e stories of the switch: the app as the page built it.
(window as { authworkerDemoApp?: StackClientApp }).authworkerDemoApp = app;

const root = document.getElementById('root');
if (!root) throw new Error('demo: #root is missing');
createRoot(root).render(
  <StrictMode>
    <AuthProvider app={app} lang={lang && isLocale(lang) ? lang : undefined}>
      <App />
    </AuthProvider>
  </StrictMode>,
);
