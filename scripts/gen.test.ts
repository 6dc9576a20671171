// The one freshness test of every generated file: each equals what its generator (scripts/gen.ts) makes from its
// sources now. When it fails, run `npm run gen`.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { GENERATORS, ROOT } from './gen.ts';

const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

// Reading the official SDK's names compiles its declarations: the slowest generator takes about a minute under load.
it.each(GENERATORS.map((generator) => [generator.from, generator] as const))('the files generated from %s are fresh (else run npm run gen)', (_, generator) => {
  const files = Object.entries(generator.files());
  expect(files.length).toBeGreaterThan(0);
  const stale = files.filter(([path, generated]) => {
    const onDisk = readFileSync(new URL(path, ROOT));
    return typeof generated === 'string' ? onDisk.toString('utf8') !== generated : !(generator.isFresh ?? sameBytes)(onDisk, generated);
  });
  expect(stale.map(([path]) => `${path} is stale: run npm run gen`)).toEqual([]);
}, 180_000);
