import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StackClientApp } from '../runtime/client/index.ts';
import { AuthProvider } from '../react/index.ts';
import { App } from './app.tsx';
import { navigate } from './router.ts';

// `?tokenStore=cookie` switches the demo to the cookie store, `?persistence=memory` its worker to keeping the
// session in memory only (each remembered for the next visits).
const query = new URL(location.href).searchParams;
const tokenStore = remembered('token-store', query.get('tokenStore')) === 'cookie' ? 'cookie' : 'service-worker';
const persistence = remembered('persistence', query.get('persistence')) === 'memory' ? 'memory' : 'indexeddb';

/** The remembered choice; none where the browser denies storage (Chromium's third-party iframes with third-party cookies blocked). */
function remembered(name: string, choice: string | null): string | null {
  try {
    if (choice) localStorage.setItem(`authworker-demo-${name}`, choice);
    return localStorage.getItem(`authworker-demo-${name}`);
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
});

const root = document.getElementById('root');
if (!root) throw new Error('demo: #root is missing');
createRoot(root).render(
  <StrictMode>
    <AuthProvider app={app}>
      <App />
    </AuthProvider>
  </StrictMode>,
);
