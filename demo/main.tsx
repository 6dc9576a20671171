import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StackClientApp } from '../runtime/client/index.ts';
import { AuthProvider } from '../react/index.ts';
import { App } from './app.tsx';
import { navigate } from './router.ts';

// `?tokenStore=cookie` switches the demo to the cookie store (remembered for the next visits).
const requested = new URL(location.href).searchParams.get('tokenStore');
const tokenStore = rememberedTokenStore(requested) === 'cookie' ? 'cookie' : 'service-worker';

/** The remembered choice; none where the browser denies storage (Chromium's third-party iframes with third-party cookies blocked). */
function rememberedTokenStore(choice: string | null): string | null {
  try {
    if (choice) localStorage.setItem('authworker-demo-token-store', choice);
    return localStorage.getItem('authworker-demo-token-store');
  } catch {
    return choice;
  }
}

const app = new StackClientApp({
  tokenStore,
  projectId: __AUTHWORKER_DEMO__.projectId,
  publishableClientKey: __AUTHWORKER_DEMO__.publishableClientKey,
  baseUrl: __AUTHWORKER_DEMO__.apiUrl,
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
