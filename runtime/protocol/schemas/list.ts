// List envelopes (protocol.md §5): `{items, is_paginated}` and the paginated `GET /users` variant.
import { z } from 'zod';

export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    // Older and newer services may omit the flag; only `items` is read.
    is_paginated: z.boolean().default(false),
  });
}

export function paginatedListResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    is_paginated: z.boolean().default(true),
    pagination: z.object({ next_cursor: z.string().nullable().default(null) }).default({ next_cursor: null }),
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
