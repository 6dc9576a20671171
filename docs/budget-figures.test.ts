// The size budgets have one source, bench/size.ts: the README and docs name it and never state the figures,
// which went stale each time a budget moved.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGETS } from '../bench/size.ts';

const root = resolve(import.meta.dirname, '..');
const pages = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

describe('size budget figures', () => {
  it('no page of the README or docs states a budget figure of bench/size.ts', () => {
    const figures = Object.values(BUDGETS).flatMap((n) => [String(n), n.toLocaleString('en-US')]);
    const stated = pages.flatMap((page) => figures.filter((figure) => readFileSync(join(root, page), 'utf8').includes(figure)).map((figure) => `${page}: ${figure}`));
    expect(stated).toEqual([]);
  });
});
