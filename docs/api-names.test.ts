// Every hook and component the docs name in running text or tables is exported. The snippet test
// (snippets.test.ts) only compiles fenced code blocks, so a name that appears only in a table (as
// `usePermissions` did in react.md) could be documented without being exported.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const pages = [join(root, 'README.md'), ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join(root, 'docs', f))];

/** Inline code spans of a page, fenced blocks left out (those are compiled). */
function inlineCode(markdown: string): string[] {
  return [...markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/`([^`\n]+)`/g)].map((m) => m[1] as string);
}

/**
 * Hooks called in a span (`useTeams()`, not `user.useTeams()` of the official SDK) and the component a span
 * starts with (`<SignedIn>`, `<UserButton />`).
 */
function namedHooksAndComponents(span: string): string[] {
  const hooks = [...span.matchAll(/(?<![.\w])(use[A-Z]\w*)\(/g)].map((m) => m[1] as string);
  const component = /^<([A-Z]\w*)[\s/>]/.exec(span)?.[1];
  return component ? [...hooks, component] : hooks;
}

describe('names the docs use', () => {
  it('finds hooks and leading components, not SDK methods or type parameters', () => {
    expect(namedHooksAndComponents('usePermissions(team, { recursive })')).toEqual(['usePermissions']);
    expect(namedHooksAndComponents('user.usePermissions(team)')).toEqual([]);
    expect(namedHooksAndComponents('<UserButton />')).toEqual(['UserButton']);
    expect(namedHooksAndComponents('redirectTo<Page>()')).toEqual([]);
    expect(inlineCode('a `useX()` b\n```tsx\nuseY()\n```\n')).toEqual(['useX()']);
  });

  it('every hook and component named in docs/ and the README is exported', async () => {
    const exported = new Set<string>([
      ...Object.keys(await import('../react/index.ts')),
      ...Object.keys(await import('../react/admin-hooks.ts')),
      // React's and the router's own names appear in the docs next to ours.
      ...Object.keys(await import('react')),
      ...Object.keys(await import('react-router')),
    ]);
    const named = pages.flatMap((page) =>
      inlineCode(readFileSync(page, 'utf8')).flatMap((span) => namedHooksAndComponents(span).map((name) => ({ page: page.slice(root.length + 1), name }))),
    );
    expect(named.map((n) => n.name)).toContain('usePermissions');
    expect(named.filter(({ name }) => !exported.has(name))).toEqual([]);
  });
});
