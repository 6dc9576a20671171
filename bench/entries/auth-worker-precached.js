// The bench app's worker for row 2c: authworker composed with a Workbox precache of the build, as
// docs/service-worker.md ("With Workbox") shows, so a reload takes the HTML and scripts from the
// worker's cache. Not measured by the size budget (that is auth-worker.js: authworker alone).
/* global self, __AUTHWORKER_BENCH__, __PRECACHE_MANIFEST__ */
import { createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { installAuthWorker } from '../../sw/index.ts';

installAuthWorker(self, __AUTHWORKER_BENCH__);
precacheAndRoute(__PRECACHE_MANIFEST__);
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/__authworker\//] }));
