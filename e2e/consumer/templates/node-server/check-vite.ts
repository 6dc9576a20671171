// The Vite plugin, as an app's vite.config.ts imports it.
import { serviceWorkerPlugin } from 'authworker/vite';

export const plugin = serviceWorkerPlugin({ entry: 'src/sw.ts' });
