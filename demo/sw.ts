/// <reference lib="webworker" />
// The demo's own worker: a Workbox precache for the app shell (so it starts offline), composed
// with authworker. This is how an app that already has a worker adds ours.
import { createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { installAuthWorker } from '../sw/index.ts';

declare const self: ServiceWorkerGlobalScope;
declare const __PRECACHE_MANIFEST__: { url: string; revision: string }[];

// `?persistence=memory` in the script URL (the demo page's `?persistence=memory`): the session in memory only.
// The devtools answer because the root vite.config.ts builds this worker with them (the demo is a development app).
installAuthWorker(self, {
  ...__AUTHWORKER_DEMO__,
  persistence: new URL(self.location.href).searchParams.get('persistence') === 'memory' ? 'memory' : 'indexeddb',
});

if (__PRECACHE_MANIFEST__.length > 0) {
  precacheAndRoute(__PRECACHE_MANIFEST__);
  // Every in-app navigation is served the shell; the client router takes it from there. Not ours: the
  // account-linking trampoline (/__authworker/) and the server-rendered pages that get x-stack-auth.
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/__authworker\//, /^\/app-api\//, /^\/other-api\//] }));
}
