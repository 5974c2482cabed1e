import { z } from 'zod';

/**
 * Keyset paging (decision 049): every list that grows with data takes `?cursor=&limit=` and answers
 * `{ items, nextCursor }`. The cursor is opaque to clients: pass back the `nextCursor` of the page before; null means
 * there is nothing after this page.
 */
export const PAGE_LIMIT_MAX = 100;
/** Longer than any cursor the server writes (a few keys in base64url). */
export const CURSOR_MAX_LENGTH = 200;

export const cursorQuerySchema = z.object({
  cursor: z.string().max(CURSOR_MAX_LENGTH).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(20),
});
export type CursorQuery = z.output<typeof cursorQuerySchema>;

/** One page of a keyset list. */
export function cursorPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
