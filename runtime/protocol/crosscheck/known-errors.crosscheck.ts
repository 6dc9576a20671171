// The known-error catalogue against protocol.md §9 and §14.8.2 (a document kept outside this repository):
// `npm run crosscheck:protocol`.
import { readProtocolMd } from './protocol-md.ts';
import { describe, expect, test } from 'vitest';
import type * as z from 'zod/mini';
import { KNOWN_ERROR_CATALOGUE, isKnownErrorCode, knownErrorRow } from '../errors/catalogue.ts';

const PROTOCOL = readProtocolMd();

function section(startHeading: string, endHeading: string): string {
  const start = PROTOCOL.indexOf(startHeading);
  const end = PROTOCOL.indexOf(endHeading, start + startHeading.length);
  if (start < 0 || end < 0) throw new Error(`section ${startHeading} not found`);
  return PROTOCOL.slice(start, end);
}

/** Splits a markdown table row on unescaped pipes. */
function cells(line: string): string[] {
  return line
    .split(/(?<!\\)\|/)
    .slice(1, -1)
    .map((c) => c.trim());
}

function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('|---'))
    .map(cells)
    .filter((c) => /^[A-Z][A-Z0-9_ /]+$/.test(c[0] ?? '') && c[0] !== 'Code');
}

function parseStatus(cell: string): number | null {
  if (cell.includes('abstract') || cell.includes('category')) return null;
  const n = Number.parseInt(cell, 10);
  if (Number.isNaN(n)) throw new Error(`bad status ${cell}`);
  return n;
}

const parseParent = (cell: string): string | null => (cell === '—' || cell === '' ? null : cell);

interface TableRow {
  code: string;
  status: number | null;
  parent: string | null;
  details: string;
  message: string;
}

const section9: TableRow[] = tableRows(section('## 9. Known-error catalogue', 'Non-known (plain-text) errors')).map((c) => ({
  code: c[0] as string,
  status: parseStatus(c[1] as string),
  details: c[2] as string,
  message: c[3] as string,
  parent: parseParent(c[4] as string),
}));

// Rows like `A / B` list two codes; their message cell then reads `"text A" / "text B"`.
const section1482: TableRow[] = tableRows(section('#### 14.8.2', '### 14.9')).flatMap((c) => {
  const codes = (c[0] as string).split(' / ');
  const messages = (c[4] as string).split(/(?<=") \/ (?=")/);
  return codes.map((code, i) => ({
    code: code.trim(),
    status: parseStatus(c[1] as string),
    parent: parseParent(c[2] as string),
    details: c[3] as string,
    message: messages.length === codes.length ? (messages[i] as string) : (c[4] as string),
  }));
});

/** First "..." literal of a message cell, unescaped. */
function firstQuoted(cell: string): string | undefined {
  const m = /^"((?:[^"\\]|\\.)*)"/.exec(cell);
  return m?.[1]?.replace(/\\"/g, '"');
}

describe('catalogue vs protocol.md §9', () => {
  test('the table was found', () => {
    expect(section9.length).toBeGreaterThan(80);
  });

  test.each(section9)('$code has the same status and parent', (row) => {
    expect(isKnownErrorCode(row.code)).toBe(true);
    const entry = KNOWN_ERROR_CATALOGUE[row.code as keyof typeof KNOWN_ERROR_CATALOGUE];
    expect(entry.status).toBe(row.status);
    expect(entry.parent).toBe(row.parent);
  });

  const fixedTexts = section9.filter((r) => r.details.startsWith('—') && !r.message.includes('+') && firstQuoted(r.message) !== undefined && !r.message.includes('{'));
  test.each(fixedTexts)('$code has the exact §9 text', (row) => {
    const entry = knownErrorRow(row.code as never);
    expect(entry.message({})).toBe(firstQuoted(row.message));
  });
});

/** A value each details field accepts, so templated texts render with every placeholder filled. */
function sampleDetails(code: string): Record<string, unknown> {
  const schema = knownErrorRow(code as never).details;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema?.shape ?? {})) {
    const value = ['sample-value', 1_700_000_000_000, ['client', 'server']].find((v) => (field as z.ZodMiniType).safeParse(v).success);
    out[key] = value;
  }
  return out;
}

/** `"Team {id} not found."` -> /^Team (.+?) not found\.$/ (prefix-only when the cell appends more with `+`). */
function templateRegex(template: string, prefixOnly: boolean): RegExp {
  const escaped = template.split(/\{[^}]*\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('(.+?)')}${prefixOnly ? '' : '$'}`, 's');
}

describe('templated §9 texts', () => {
  const templated = section9.filter((r) => !r.details.startsWith('—') && r.details !== '' && firstQuoted(r.message)?.includes('{'));
  test('there are templated rows', () => {
    expect(templated.length).toBeGreaterThan(15);
  });
  test.each(templated)('$code renders its template', (row) => {
    const text = knownErrorRow(row.code as never).message(sampleDetails(row.code));
    expect(text).toMatch(templateRegex(firstQuoted(row.message) as string, row.message.includes('+')));
    expect(text).not.toContain('(unknown)');
  });
});

describe('catalogue vs protocol.md §14.8.2', () => {
  test('the table was found', () => {
    expect(section1482.length).toBeGreaterThan(40);
  });

  test.each(section1482)('$code has the same status and parent', (row) => {
    expect(isKnownErrorCode(row.code)).toBe(true);
    const entry = KNOWN_ERROR_CATALOGUE[row.code as keyof typeof KNOWN_ERROR_CATALOGUE];
    expect(entry.status).toBe(row.status);
    expect(entry.parent).toBe(row.parent);
  });

  const fixedTexts = section1482.filter((r) => r.details === '—' && firstQuoted(r.message) !== undefined && !r.code.includes('_REFUNDED'));
  test.each(fixedTexts)('$code has the exact 2.8 text', (row) => {
    expect(knownErrorRow(row.code as never).message({})).toBe(firstQuoted(row.message));
  });
});

