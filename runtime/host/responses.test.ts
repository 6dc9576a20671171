import { describe, expect, it } from 'vitest';
import { pageHeaders } from './responses.ts';

describe('pageHeaders', () => {
  it("keeps a page's own headers as a lowercase record and drops every identity and token header", () => {
    const sent = new Headers({ Accept: 'application/json', 'X-Stack-Access-Token': 'forged', 'x-hexclave-project-id': 'p', 'x-authworker-no-session': '1', 'x-custom': 'a' });
    expect(pageHeaders(sent)).toEqual({ accept: 'application/json', 'x-custom': 'a' });
    expect(pageHeaders({ 'X-Custom': 'b', 'x-stack-refresh-token': 'forged' })).toEqual({ 'x-custom': 'b' });
  });
});
