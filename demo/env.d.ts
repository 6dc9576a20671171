/** Build-time demo configuration (demo/vite.config.ts `define`). */
declare const __AUTHWORKER_DEMO__: {
  apiUrl: string;
  webhooksUrl: string;
  projectId: string;
  publishableClientKey: string;
  forwardAuthTo: { pathPrefixes: string[]; navigations?: boolean };
};
