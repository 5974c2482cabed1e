import { and, eq, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { quotes } from '../../db/schema/index.js';

/**
 * The quotes module's part of a booking's one statement: the user's quote used up, if it is still unused and
 * unexpired at `at`. The booking's insert selects from it, so the booking and the quote's use commit together, and
 * a quote already used (or expired, or someone else's) makes the statement write nothing.
 */
export function quoteClaimCte(qb: Executor, values: { quoteId: Placeholder | SQL; userId: Placeholder | SQL; at: Placeholder | SQL }) {
  const at = sql`${values.at}::timestamptz`;
  return qb.$with('claimed_quote').as(
    qb
      .update(quotes)
      .set({ usedAt: at })
      .where(and(eq(quotes.id, sql`${values.quoteId}::uuid`), eq(quotes.userId, sql`${values.userId}::uuid`), isNull(quotes.usedAt), sql`${quotes.expiresAt} > ${at}`))
      .returning({ id: quotes.id }),
  );
}
