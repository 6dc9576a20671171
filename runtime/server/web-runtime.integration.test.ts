// The server and admin apps RUN on a runtime with web globals only (an edge worker's shape): bundled for the
// browser platform, evaluated in a fresh V8 context that has fetch, WebCrypto, URL and timers but no process,
// Buffer, require or global, and each makes a real call to an in-process emulator through the given fetch.
import { resolve } from 'node:path';
import { createContext, runInContext, type Context } from 'node:vm';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEmulator, TEST_ORIGIN, type TestEmulator } from '../../testing/emulator/emulator.ts';
import { DEMO_PROJECT } from '../../emulator/domain/seed.ts';

const repoRoot = resolve(import.meta.dirname, '../..');

/** The public entry points, bundled into one script that sets `authworker` on its global. */
async function bundleEntries(): Promise<string> {
  const result = await build({
    stdin: {
      contents: "export { StackServerApp } from './runtime/server/index.ts';\nexport { StackAdminApp } from './runtime/admin/index.ts';\n",
      resolveDir: repoRoot,
      sourcefile: 'web-runtime-entry.ts',
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'authworker',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

/** A context with the web globals an edge runtime offers, and nothing Node-specific. */
function webContext(fetchFn: typeof fetch): Context {
  return createContext({
    fetch: fetchFn,
    Request,
    Response,
    Headers,
    URL,
    URLSearchParams,
    crypto,
    TextEncoder,
    TextDecoder,
    AbortController,
    AbortSignal,
    ReadableStream,
    setTimeout,
    clearTimeout,
    structuredClone,
    atob,
    btoa,
    console,
  });
}

interface Bundle {
  StackServerApp: new (options: Record<string, unknown>) => { createUser(o: { primaryEmail: string }): Promise<{ id: string; primaryEmail: string | null }>; getUser(id: string): Promise<{ id: string } | null> };
  StackAdminApp: new (options: Record<string, unknown>) => { getProject(): Promise<{ id: string; config: { allowLocalhost: boolean } }>; listApiKeys(): Promise<unknown[]> };
}

let emu: TestEmulator;
let context: Context;
let requests: string[];

beforeAll(async () => {
  const [emulator, code] = await Promise.all([createTestEmulator(), bundleEntries()]);
  emu = emulator;
  requests = [];
  const emulatorFetch: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    requests.push(`${init?.method ?? 'GET'} ${new URL(url).pathname}`);
    return Promise.resolve(emu.app.request(url, init));
  };
  context = webContext(emulatorFetch);
  runInContext(code, context, { filename: 'authworker-web-bundle.js' });
});
afterAll(() => emu.close());

describe('server and admin apps in a web-globals-only runtime', () => {
  it('the context really lacks the Node globals', () => {
    expect(runInContext('[typeof process, typeof Buffer, typeof require, typeof global, typeof module, typeof __dirname]', context)).toEqual([
      'undefined',
      'undefined',
      'undefined',
      'undefined',
      'undefined',
      'undefined',
    ]);
    expect(runInContext('Object.keys(authworker).sort()', context)).toEqual(['StackAdminApp', 'StackServerApp']);
  });

  it('StackServerApp creates and reads a user', async () => {
    const { StackServerApp } = runInContext('authworker', context) as Bundle;
    const app = new StackServerApp({ projectId: DEMO_PROJECT.id, secretServerKey: DEMO_PROJECT.secretServerKey, baseUrl: TEST_ORIGIN });
    const email = `web-runtime-${crypto.randomUUID()}@example.com`;
    const user = await app.createUser({ primaryEmail: email });
    expect(user.primaryEmail).toBe(email);
    expect((await app.getUser(user.id))?.id).toBe(user.id);
    expect(requests).toContain('POST /api/v1/users');
  });

  it('StackAdminApp reads the admin view of the project and its API keys', async () => {
    const { StackAdminApp } = runInContext('authworker', context) as Bundle;
    const app = new StackAdminApp({ projectId: DEMO_PROJECT.id, superSecretAdminKey: DEMO_PROJECT.superSecretAdminKey, baseUrl: TEST_ORIGIN });
    const project = await app.getProject();
    expect(project.id).toBe(DEMO_PROJECT.id);
    expect(project.config.allowLocalhost).toBe(true);
    expect(Array.isArray(await app.listApiKeys())).toBe(true);
    expect(requests).toEqual(expect.arrayContaining(['GET /api/v1/projects/current', 'GET /api/v1/internal/api-keys']));
  });
});
