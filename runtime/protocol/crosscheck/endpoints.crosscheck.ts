// The endpoint table against protocol.md §7 (a document kept outside this repository): `npm run crosscheck:protocol`.
import { readProtocolMd } from './protocol-md.ts';
import { describe, expect, test } from 'vitest';
import { ENDPOINTS, type EndpointDef, type EndpointName } from '../endpoints.ts';
import type { AccessType } from '../headers.ts';

const PROTOCOL = readProtocolMd();
const section7 = PROTOCOL.slice(PROTOCOL.indexOf('## 7. Endpoint catalogue'), PROTOCOL.indexOf('## 8. Flows'));

interface DocRow {
  methods: string[];
  path: string;
  access: string;
  response: string;
}

const docRows: DocRow[] = section7
  .split('\n')
  .filter((l) => /^\| (GET|POST|PATCH|PUT|DELETE)/.test(l))
  .map((l) => {
    const cells = l.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim());
    const m = /^([A-Z/]+) `([^`]+)`/.exec(cells[0] as string);
    if (!m) throw new Error(`unparsed row ${l}`);
    const path = (m[2] as string)
      .replace(/\?.*$/, '')
      .replace(/\{([a-z_]+)\\?\|me\}/g, '{$1}');
    return { methods: (m[1] as string).split('/'), path, access: cells[1] as string, response: cells[3] as string };
  });

const rows = Object.entries(ENDPOINTS) as [EndpointName, EndpointDef][];

/** A path with its placeholders unnamed: `{user_id}/{id}` and `{user_id}/{contact_channel_id}` are the same URL. */
const shape = (path: string) => path.replace(/\{[a-z_]+\}/g, '{}');

/** Calls the document names outside §7's tables (the newer dialect's section, the JWKS in §1): `` `GET /api/v1/path` ``. */
const namedElsewhere = new Set([...PROTOCOL.matchAll(/`(GET|POST|PATCH|PUT|DELETE) (?:\/api\/v1)?(\/[^`?\s]+)/g)].map((m) => `${m[1]} ${shape(m[2] as string)}`));

function expectedAccess(cell: string): AccessType[] | null {
  if (cell.startsWith('none')) return [];
  if (cell.startsWith('(any)') || cell.startsWith('any')) return ['client', 'server', 'admin'];
  if (cell.startsWith('same') || cell.startsWith('deprecated')) return null;
  const out: AccessType[] = [];
  if (/(^|[\s/])C([\s/(]|$)/.test(cell)) out.push('client');
  if (/(^|[\s/])S([\s/(]|$)/.test(cell)) out.push('server');
  if (/(^|[\s/])A([\s/(]|$)/.test(cell)) out.push('admin');
  return out;
}

function expectedStatus(cell: string): number | null {
  if (cell === 'same') return null;
  const m = /\*\*(\d{3})\*\*/.exec(cell);
  return m ? Number(m[1]) : 200;
}

describe('endpoint table vs protocol.md §7', () => {
  test('the tables were found', () => {
    expect(docRows.length).toBeGreaterThan(75);
  });

  test.each(docRows.flatMap((r) => r.methods.map((method) => ({ ...r, method }))))('$method $path', (row) => {
    const matches = rows.filter(([, def]) => def.method === row.method && shape(def.path) === shape(row.path));
    expect(matches.length).toBeGreaterThan(0);
    const access = expectedAccess(row.access);
    if (access !== null) {
      const union = new Set(matches.flatMap(([, def]) => def.access));
      expect([...union].sort()).toEqual([...access].sort());
    }
    const status = expectedStatus(row.response);
    if (status !== null) for (const [, def] of matches) expect(def.successStatus).toBe(status);
  });

  test('every table row is documented in §7 (or named elsewhere in the document: the newer dialect, the JWKS)', () => {
    const documented = new Set([...docRows.flatMap((r) => r.methods.map((m) => `${m} ${shape(r.path)}`)), ...namedElsewhere]);
    for (const [name, def] of rows) expect(documented.has(`${def.method} ${shape(def.path)}`), name).toBe(true);
  });
});

