export declare const STARTUP_CHUNK_NAME: 'authworker-startup';

interface ModuleGraphInfo {
  isEntry: boolean;
  importers: readonly string[];
  dynamicImporters: readonly string[];
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}

type GetModuleInfo = (id: string) => ModuleGraphInfo | null;

export declare function startupModules(getModuleInfo: GetModuleInfo, fromId: string): { all: Set<string>; members: Set<string> };

export declare function startupChunkGroup(): {
  debugName: string;
  name(id: string, ctx: { getModuleInfo: GetModuleInfo }): string | null;
  includeDependenciesRecursively: false;
  priority: number;
};

interface ChunkingUserConfig {
  build?: { rolldownOptions?: { output?: unknown; [option: string]: unknown }; rollupOptions?: { output?: unknown; [option: string]: unknown } };
}

export declare function startupChunkConfig(userConfig: ChunkingUserConfig): { config: object; reason?: undefined } | { config: null; reason: string };
