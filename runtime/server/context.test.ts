import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../protocol/endpoint.ts';
import { callEndpoint, queryValue, type EndpointCaller } from './context.ts';

function recorder(answer: unknown) {
  const requests: unknown[] = [];
  const caller: EndpointCaller = {
    accessType: 'server',
    transport: {
      async sendJson(req, schema) {
        requests.push(req);
        return schema.parse(answer);
      },
    },
  };
  return { caller, requests };
}

describe('callEndpoint', () => {
  const row = endpoint({
    method: 'PATCH',
    path: '/things/{thing_id}',
    access: ['server'],
    query: z.strictObject({ a: z.string().optional(), b: z.string().optional() }),
    response: z.object({ client: z.literal(true) }),
    serverResponse: z.object({ id: z.string() }),
    successStatus: 200,
  });

  it('fills the path, appends the set query values, sends the body and parses the server view', async () => {
    const { caller, requests } = recorder({ id: 'x', extra: 1 });
    const result = await callEndpoint(caller, row, { params: { thing_id: 'a b' }, query: { a: '1', b: undefined }, body: { k: 1 } });
    expect(result).toEqual({ id: 'x' });
    expect(requests).toEqual([{ method: 'PATCH', path: '/things/a%20b?a=1', session: null, json: { k: 1 } }]);
  });

  it('sends no body key when there is none', async () => {
    const { caller, requests } = recorder({ id: 'x' });
    await callEndpoint(caller, row, { params: { thing_id: 't' } });
    expect(requests[0]).not.toHaveProperty('json');
  });

  it('refuses rows that do not answer JSON', async () => {
    const { caller } = recorder({});
    const textRow = endpoint({ method: 'POST', path: '/t', access: ['server'], response: 'text', successStatus: 200 });
    await expect(callEndpoint(caller, textRow, {})).rejects.toThrow(/does not answer JSON/);
  });
});

describe('queryValue', () => {
  it('stringifies numbers and booleans and keeps undefined', () => {
    expect(queryValue(5)).toBe('5');
    expect(queryValue(false)).toBe('false');
    expect(queryValue(undefined)).toBeUndefined();
  });
});
