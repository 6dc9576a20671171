// The worker of the bench app and of the size budget: authworker alone (installAuthWorker), so an app's own
// worker code (e.g. the demo's Workbox precache) is not counted. Plain JavaScript: the tsconfig that covers
// bench/ has no WebWorker lib.
/* global self, __AUTHWORKER_BENCH__ */
import { installAuthWorker } from '../../sw/index.ts';

installAuthWorker(self, __AUTHWORKER_BENCH__);
