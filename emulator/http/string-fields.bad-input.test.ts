// Every string field of every endpoint-table row (body and query), filled with SQL-ish text, control characters
// and odd Unicode: never a 5xx, every error in the backend's shape, and what is stored comes back unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, bodySchemaFor, type EndpointDef, type EndpointName } from '../../runtime/protocol/endpoints.ts';
import type { AccessType } from '../../runtime/protocol/headers.ts';
import { defOf, fillPath, sample, strictVariants, type AnySchema } from '../../testing/emulator/endpoint-samples.ts';
import { createTestEmulator, projectHeaders, signUp, type TestEmulator } from '../../testing/emulator/emulator.ts';

let emu: TestEmulator;
let accessToken: string;
beforeAll(async () => {
  emu = await createTestEmulator();
  ({ accessToken } = await signUp(emu));
});
afterAll(() => emu.close());

const NASTY = [
  "' OR '1'='1'; DROP TABLE users; --",
  'a\u0000b\u0001\u0007\b\t\n\r\u001b[31m\u007f\u0085',
  '\u202e\ufeff\ud800 ../../etc/passwd %00 ${7*7} {{7*7}} <script>alert(1)</script> \\" \\u0000',
];

const unwrap = (schema: AnySchema): AnySchema => {
  const def = defOf(schema);
  return ['optional', 'nullable', 'default'].includes(def.type) ? unwrap(def.innerType as AnySchema) : schema;
};
const stringKeys = (variant: AnySchema): string[] =>
  Object.entries(defOf(variant).shape ?? {})
    .filter(([, schema]) => defOf(unwrap(schema)).type === 'string')
    .map(([key]) => key);

/** The client overload (the one a web page reaches) and the server one, or the route's only one. */
function accessTypesOf(def: EndpointDef): (AccessType | null)[] {
  if (def.access.length === 0) return [null];
  const picked = (['client', 'server'] as const).filter((type) => def.access.includes(type));
  return picked.length > 0 ? picked : [def.access[0] as AccessType];
}

function encode(def: EndpointDef, body: Record<string, unknown>): { contentType: string; text: string } {
  if (def.bodyEncoding === 'form') return { contentType: 'application/x-www-form-urlencoded', text: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString() };
  return { contentType: 'application/json', text: JSON.stringify(body) };
}

/** Why an answer is not acceptable; null when it is (2xx/3xx, or a 4xx in the backend's shape). */
async function problem(res: Response): Promise<string | null> {
  const text = await res.text();
  if (res.status >= 500) return `${res.status}: ${text.slice(0, 300)}`;
  if (res.status < 400) return null;
  const code = res.headers.get('x-stack-known-error');
  if (code !== null) return (JSON.parse(text) as { code?: string }).code === code ? null : `known-error header ${code} and body ${text.slice(0, 200)}`;
  const type = res.headers.get('content-type') ?? '';
  // The token endpoint answers as an OAuth library: {error, error_description}.
  if (type.startsWith('application/json') && typeof (JSON.parse(text) as { error?: unknown }).error === 'string') return null;
  return type.startsWith('text/plain') ? null : `${res.status} as ${type}`;
}

describe('every string field with SQL-ish text and control characters', () => {
  it('never answers a 5xx, and every 4xx is in the backend shape', async () => {
    const tally = { tried: 0, ok: 0, fourXx: 0, fiveXx: 0 };
    const failures: string[] = [];
    for (const [name, def] of Object.entries(ENDPOINTS) as [EndpointName, EndpointDef][]) {
      for (const accessType of accessTypesOf(def)) {
        const headers: Record<string, string> = accessType ? { ...projectHeaders(accessType) } : {};
        if (accessType === 'client') headers['x-stack-access-token'] = accessToken;
        const bodySchema = accessType ? bodySchemaFor(def, accessType) : def.body;
        const validBody = strictVariants(bodySchema).map((v) => sample(v, 'body') as Record<string, unknown>)[0];
        const validQuery = strictVariants(def.query).map((v) => sample(v, 'query') as Record<string, unknown>)[0];
        const send = async (body: Record<string, unknown> | undefined, query: Record<string, unknown> | undefined, label: string) => {
          const qs = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()}` : '';
          const encoded = body === undefined ? undefined : encode(def, body);
          const res = await emu.fetch(`/api/v1${fillPath(def.path)}${qs}`, {
            method: def.method,
            headers: { ...headers, ...(encoded ? { 'content-type': encoded.contentType } : {}) },
            ...(encoded ? { body: encoded.text } : {}),
          });
          tally.tried += 1;
          if (res.status >= 500) tally.fiveXx += 1;
          else if (res.status >= 400) tally.fourXx += 1;
          else tally.ok += 1;
          const why = await problem(res);
          if (why !== null) failures.push(`${name} [${accessType ?? 'none'}] ${label}: ${why}`);
        };
        for (const variant of strictVariants(bodySchema)) {
          const valid = sample(variant, 'body') as Record<string, unknown>;
          for (const key of stringKeys(variant)) for (const nasty of NASTY) await send({ ...valid, [key]: nasty }, validQuery, `body.${key}=${JSON.stringify(nasty)}`);
        }
        for (const variant of strictVariants(def.query)) {
          const valid = sample(variant, 'query') as Record<string, unknown>;
          for (const key of stringKeys(variant)) for (const nasty of NASTY) await send(validBody, { ...valid, [key]: nasty }, `query.${key}=${JSON.stringify(nasty)}`);
        }
      }
    }
    console.log(`[string fields] requests tried: ${tally.tried}, 2xx/3xx: ${tally.ok}, 4xx: ${tally.fourXx}, 5xx: ${tally.fiveXx}`);
    expect(tally.tried).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  }, 120_000);

  it('SQL-ish text is data: stored and searched verbatim', async () => {
    const name = `${NASTY[0]} ${crypto.randomUUID()}`;
    const metadata = { [NASTY[0] as string]: (NASTY[2] as string).replace('\ud800', ''), nested: ["'; --", '\u001b[0m', NASTY[1]?.replace('\u0000', '')] };
    const created = await emu.fetch('/api/v1/users', { method: 'POST', accessType: 'server', json: { display_name: name, client_metadata: metadata } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const read = (await (await emu.fetch(`/api/v1/users/${id}`, { accessType: 'server' })).json()) as { display_name: string; client_metadata: unknown };
    expect(read.display_name).toBe(name);
    expect(read.client_metadata).toEqual(metadata);
    const found = (await (await emu.fetch(`/api/v1/users?query=${encodeURIComponent(name)}`, { accessType: 'server' })).json()) as { items: { id: string }[] };
    expect(found.items.map((u) => u.id)).toEqual([id]);
    const none = (await (await emu.fetch(`/api/v1/users?query=${encodeURIComponent("%' OR 1=1 --")}`, { accessType: 'server' })).json()) as { items: unknown[] };
    expect(none.items).toEqual([]);
  });
});
