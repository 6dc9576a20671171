/** Build-time demo configuration (vite.config.ts `define`, at the root). */
declare const __AUTHWORKER_DEMO__: {
  apiUrl: string;
  webhooksUrl: string;
  projectId: string;
  publishableClientKey: string;
  forwardAuthTo: { pathPrefixes: string[]; navigations?: boolean };
};
