interface BundleChunk {
  type: string;
  fileName: string;
  imports?: string[];
  dynamicImports?: string[];
  moduleIds?: string[];
  modules?: Record<string, unknown>;
}

interface EntryChunk {
  fileName: string;
  imports: string[];
  dynamicImports: string[];
}

interface HtmlTag {
  tag: 'link';
  attrs: { rel: 'modulepreload'; crossorigin: true; href: string };
  injectTo: 'head';
}

export declare const STARTUP_MODULE: RegExp;

export declare function startupChunks(bundle: Record<string, BundleChunk>, entry: EntryChunk): string[];
export declare function startupPreloadTags(html: string, bundle: Record<string, BundleChunk>, entry: EntryChunk, base: string): HtmlTag[];
