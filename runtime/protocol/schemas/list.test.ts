import { z } from 'zod';
import { expect, test } from 'vitest';
import { listResponseSchema, paginatedListResponseSchema, toPaginatedList } from './list.ts';

const item = z.object({ id: z.string() });

test('plain list envelope', () => {
  expect(listResponseSchema(item).parse({ items: [{ id: 'a', x: 1 }], is_paginated: false })).toEqual({ items: [{ id: 'a' }], is_paginated: false });
});

test('paginated list maps next_cursor', () => {
  const wire = paginatedListResponseSchema(item).parse({ items: [{ id: 'a' }], is_paginated: true, pagination: { next_cursor: 'b' } });
  expect(toPaginatedList(wire, (i) => i.id)).toEqual({ items: ['a'], nextCursor: 'b' });
  const noPagination = paginatedListResponseSchema(item).parse({ items: [] });
  expect(noPagination.pagination.next_cursor).toBeNull();
});
