// `npm run gen`: every generator of the repository, run in one go. Each writes files that are a function of their
// sources (the endpoint table, the known-error catalogue, the entry list, the official SDK's names, the icon
// drawing); scripts/gen.test.ts fails when a file on disk is not what its generator makes now. Last, the emulator's
// shipped database dump of its current schema (emulator/db/shipped-snapshot.ts, its own freshness test).
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { packageManifestFiles } from '../build/package-manifest.ts';
import { writeShippedSnapshot } from '../emulator/db/shipped-snapshot.ts';
import { troubleshootingFiles } from '../docs/error-table.ts';
import { migratingNamesFiles } from '../docs/sdk-names/table.ts';
import { demoIconFiles, pngPixels } from './demo-icons.ts';
import { contractFiles } from './generate-contract.ts';
import { iconFiles } from './generate-icons.ts';
import { knownErrorArgsFiles } from './known-error-args.ts';

export const ROOT = new URL('../', import.meta.url);

export interface Generator {
  /** What the files are made from, as the test names it. */
  from: string;
  /** Repository path -> the file's contents as the sources make them now. */
  files(): Record<string, string | Uint8Array>;
  /** Whether the bytes on disk are what was generated (default: the same bytes). */
  isFresh?(onDisk: Uint8Array, generated: Uint8Array): boolean;
}

export const GENERATORS: readonly Generator[] = [
  { from: 'the endpoint table, the known-error catalogue and package.json (scripts/generate-contract.ts)', files: contractFiles },
  { from: "the catalogue's argument order and details schemas (scripts/known-error-args.ts)", files: knownErrorArgsFiles },
  { from: 'the known-error catalogue (docs/error-table.ts)', files: troubleshootingFiles },
  { from: "the official SDK's names and ours (docs/sdk-names/table.ts)", files: migratingNamesFiles },
  { from: 'the entry list (build/package-manifest.ts)', files: packageManifestFiles },
  { from: 'simple-icons and lucide-static, for the components (scripts/generate-icons.ts)', files: iconFiles },
  {
    from: 'the icon drawing (scripts/demo-icons.ts)',
    files: demoIconFiles,
    // zlib versions deflate the same pixels to different bytes: an icon is fresh when its pixels are.
    isFresh: (onDisk, generated) => Buffer.from(pngPixels(onDisk)).equals(Buffer.from(pngPixels(generated))),
  },
];

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const generator of GENERATORS) {
    for (const [path, contents] of Object.entries(generator.files())) {
      writeFileSync(new URL(path, ROOT), contents);
      console.log(`${path} written`);
    }
  }
  // Built by PGlite (seconds to half a minute), and its bytes differ per build: written only when its schema changed;
  // emulator/db/shipped-snapshot.test.ts is its freshness test.
  if ((await writeShippedSnapshot()) === 'written') console.log('emulator/db/snapshot/ written');
}
