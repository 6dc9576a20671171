// package.json declares `"sideEffects": false`, so a bundler drops any module whose exports an app does not
// use, bare statements included. These builds check that the error texts survive that in an app's bundle.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
let workDir = '';

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'authworker-side-effects-'));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** Bundles `entrySource` as an app would (tree-shaken, package.json honoured) and imports the result. */
async function bundleAndRun(name: string, entrySource: string): Promise<{ module: Record<string, unknown>; code: string }> {
  const entry = join(workDir, `${name}.ts`);
  await writeFile(entry, entrySource);
  const outDir = join(workDir, `${name}-out`);
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, minify: false, lib: { entry, formats: ['es'], fileName: name } },
  });
  const file = join(outDir, `${name}.js`);
  return { module: (await import(pathToFileURL(file).href)) as Record<string, unknown>, code: await readFile(file, 'utf8') };
}

const errors = JSON.stringify(join(root, 'runtime/protocol/errors.ts'));

describe('with "sideEffects": false, errors made in an app bundle carry the catalogue texts', () => {
  it('is declared', async () => {
    const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as { sideEffects?: unknown };
    expect(manifest.sideEffects).toBe(false);
  });

  it('createKnownError (what the password rules and the error page use)', async () => {
    const { module } = await bundleAndRun(
      'create',
      `import { createKnownError } from ${errors};\nexport const message = createKnownError('PASSWORD_CONFIRMATION_MISMATCH').message;\n`,
    );
    expect(module['message']).toBe('Passwords do not match.');
  });

  it('a KnownErrors class constructed without a text, and one rebuilt from JSON', async () => {
    const { module } = await bundleAndRun(
      'classes',
      [
        `import { KnownErrors, knownErrorFromJSON } from ${errors};`,
        `export const constructed = new KnownErrors.PasswordTooShort(8).message;`,
        `export const rebuilt = knownErrorFromJSON({ code: 'USER_NOT_FOUND' })?.message;`,
      ].join('\n'),
    );
    expect(module['constructed']).toMatch(/8/);
    expect(module['constructed']).not.toBe('PASSWORD_TOO_SHORT');
    expect(module['rebuilt']).not.toBe('USER_NOT_FOUND');
  });

  it('an app that uses only the decoder flags does not carry the catalogue texts', async () => {
    const { code } = await bundleAndRun('light', `import { isKnownErrorCode } from ${errors};\nexport const known = isKnownErrorCode('USER_NOT_FOUND');\n`);
    expect(code).not.toContain('Passwords do not match');
  });
});

describe('with "sideEffects": false, protocol schemas in an app bundle report in English', () => {
  it('a malformed user answer (zod/mini has no texts of its own; common.ts installs them)', async () => {
    z.config({ localeError: undefined }); // zod keeps its config on globalThis: start as an app that loaded no zod yet
    const user = JSON.stringify(join(root, 'runtime/protocol/schemas/user.ts'));
    const { module } = await bundleAndRun('entity', `import { clientUserSchema } from ${user};
export const message = clientUserSchema.safeParse({ id: 1 }).error?.issues[0]?.message;
`);
    expect(module['message']).toBe('Invalid input: expected string, received number');
  });
});
