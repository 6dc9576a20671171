import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { troubleshootingMarkdown } from './error-table.ts';

describe('docs/troubleshooting.md', () => {
  it('is generated from the current catalogue (run `npm run docs:errors` after changing it)', () => {
    expect(readFileSync(join(import.meta.dirname, 'troubleshooting.md'), 'utf8')).toBe(troubleshootingMarkdown());
  });
});
