// List envelopes: `{items, is_paginated}` and the paginated `GET /users` variant.
import * as z from 'zod/mini';

export function listResponseSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({
    items: z.array(item),
    // Older and newer services may omit the flag; only `items` is read.
    is_paginated: z._default(z.boolean(), false),
  });
}

export function paginatedListResponseSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({
    items: z.array(item),
    is_paginated: z._default(z.boolean(), true),
    pagination: z._default(z.object({ next_cursor: z._default(z.nullable(z.string()), null) }), { next_cursor: null }),
  });
}

export interface ListResult<T> {
  items: T[];
}

export interface PaginatedListResult<T> extends ListResult<T> {
  nextCursor: string | null;
}

export function toPaginatedList<W, T>(
  wire: { items: W[]; pagination: { next_cursor: string | null } },
  map: (item: W) => T,
): PaginatedListResult<T> {
  return { items: wire.items.map(map), nextCursor: wire.pagination.next_cursor };
}
