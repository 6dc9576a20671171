export interface PrecacheEntry {
  url: string;
  revision: string;
}

export declare const PRECACHE_DEFINE: '__PRECACHE_MANIFEST__';
export declare const APP_SHELL_ENTRY: string;

export declare function precacheManifest(files: Record<string, { type: string; code?: string; source?: string | Uint8Array }>, publicDir: string): PrecacheEntry[];
export declare function precachesItself(entryPath: string): boolean;
export declare function appShellEntryCode(entryPath: string): string;
export declare function appShellEntryPlugin(entryPath: string): import('vite').Plugin;
