import { describe, expect, it } from 'vitest';
import { startupChunks, startupPreloadTags } from './startup-preload.mjs';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], dynamicImports: string[] = []) => ({ type: 'chunk', fileName, moduleIds, imports, dynamicImports });

// The shape of a real app build: the entry imports the runtime, the operations are a dynamic import whose
// own dynamic import maps the user; the handler pages and the passkey library are dynamic imports too.
const bundle = {
  'assets/main.js': chunk('assets/main.js', ['/app/main.ts', '/repo/runtime/client/app/client-app.ts'], ['assets/rolldown-runtime.js'], ['assets/operations.js', 'assets/sign-in-page.js']),
  'assets/rolldown-runtime.js': chunk('assets/rolldown-runtime.js', ['\0rolldown/runtime.js']),
  'assets/operations.js': chunk('assets/operations.js', ['/repo/runtime/client/app/operations.ts', '/repo/runtime/client/user/current-user.ts'], ['assets/headers.js', 'assets/rolldown-runtime.js'], ['assets/entity-wire.js', 'assets/browser.js']),
  'assets/headers.js': chunk('assets/headers.js', ['/repo/runtime/protocol/headers.ts']),
  'assets/entity-wire.js': chunk('assets/entity-wire.js', ['/repo/runtime/client/user/entity-wire.ts'], ['assets/schemas.js']),
  'assets/schemas.js': chunk('assets/schemas.js', ['/repo/node_modules/zod/v4/mini/schemas.js']),
  'assets/browser.js': chunk('assets/browser.js', ['/repo/node_modules/@simplewebauthn/browser/esm/index.js']),
  'assets/sign-in-page.js': chunk('assets/sign-in-page.js', ['/repo/react/handler/sign-in.tsx']),
};

describe('start-up preload hints', () => {
  it('lists the chunks the first signed-in render waits for, and nothing loaded later', () => {
    expect(startupChunks(bundle, bundle['assets/main.js'])).toEqual([
      'assets/rolldown-runtime.js',
      'assets/operations.js',
      'assets/headers.js',
      'assets/entity-wire.js',
      'assets/schemas.js',
    ]);
  });

  it('recognises the chunks of the built package too', () => {
    const built = {
      'main.js': chunk('main.js', ['/app/main.ts'], [], ['ops.js']),
      'ops.js': chunk('ops.js', ['/app/node_modules/authworker/dist/operations-B1x9.js']),
    };
    expect(startupChunks(built, built['main.js'])).toEqual(['ops.js']);
  });

  it('tags only what the HTML does not reference yet, under the base', () => {
    const html = '<script type="module" src="/app/assets/main.js"></script><link rel="modulepreload" href="/app/assets/rolldown-runtime.js">';
    const tags = startupPreloadTags(html, bundle, bundle['assets/main.js'], '/app/');
    expect(tags.map((t) => t.attrs.href)).toEqual(['/app/assets/operations.js', '/app/assets/headers.js', '/app/assets/entity-wire.js', '/app/assets/schemas.js']);
    expect(tags.every((t) => t.tag === 'link' && t.attrs.rel === 'modulepreload' && t.injectTo === 'head')).toBe(true);
  });
});
