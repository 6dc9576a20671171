// The repository's own ESLint rules (eslint.config.js), checked on sample sources at the paths they guard.
import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: resolve(import.meta.dirname, '..') });
const restricted = async (filePath: string, code: string) =>
  (await eslint.lintText(code, { filePath }))[0]?.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message) ?? [];

describe('classic zod stays out of product code', () => {
  const classic = "import { z } from 'zod';\nimport type * as v4 from 'zod/v4';\nexport const s = z.string();\nexport type T = v4.ZodType;\n";

  it('refuses zod, zod/v4 in runtime/, sw/ and react/', async () => {
    for (const file of ['runtime/protocol/schemas/example.ts', 'sw/example.ts', 'react/example.tsx']) {
      const messages = await restricted(file, classic);
      expect(messages, file).toHaveLength(2);
      expect(messages[0]).toMatch(/zod\/mini/);
    }
  });

  it('allows zod/mini there, and classic zod in tests and the emulator', async () => {
    expect(await restricted('runtime/protocol/schemas/example.ts', "import * as z from 'zod/mini';\nexport const s = z.string();\n")).toEqual([]);
    expect(await restricted('runtime/protocol/schemas/example.test.ts', classic)).toEqual([]);
    expect(await restricted('emulator/http/example.ts', classic)).toEqual([]);
  });
});
