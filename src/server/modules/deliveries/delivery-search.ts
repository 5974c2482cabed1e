import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
import { normalizeTrackingId, parseDeliveryId } from '../../../shared/ids.js';
import { listColumns, type DeliveryListRow } from './deliveries-repository.js';

/** A name or phone search looks at no more than the owner's newest this many deliveries (decision 052). */
export const SEARCH_SCAN_LIMIT = 500;
/** At most this many matches are answered; a search is a lookup, not a list to page through. */
export const SEARCH_RESULT_LIMIT = 50;

export type SearchTerm =
  | { kind: 'number'; number: number }
  | { kind: 'tracking'; trackingId: string }
  | { kind: 'text'; pattern: string; digits: string | null };

/** `%` and `_` (and the escape itself) match only themselves in the ILIKE pattern. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * What a search box's text means: a delivery number (LF042, lf42) and a tracking id (LF-7KQ2-M9XD) are exact index
 * lookups; anything else is part of a receiver's name, or, with seven digits or more, of their phone number
 * (typed 0803…, +234 803… or 803…).
 */
export function parseSearchTerm(raw: string): SearchTerm | null {
  const text = raw.trim();
  if (text === '') return null;
  const trackingId = normalizeTrackingId(text);
  if (trackingId) return { kind: 'tracking', trackingId };
  const number = parseDeliveryId(text.toUpperCase());
  if (number !== null) return { kind: 'number', number };
  const allDigits = text.replace(/[\s()+-]/g, '');
  const digits = /^\d{7,15}$/.test(allDigits) ? allDigits.replace(/^(234|0)/, '') : null;
  return { kind: 'text', pattern: `%${escapeLike(text)}%`, digits };
}

export function createDeliverySearch(db: Executor) {
  /** A number or tracking id: deliveries_number_key / deliveries_tracking_id_key, then the owner is checked. */
  function exact(term: Extract<SearchTerm, { kind: 'number' | 'tracking' }>, userId: string | null) {
    const match = term.kind === 'number' ? eq(deliveries.number, term.number) : eq(deliveries.trackingId, term.trackingId);
    return and(match, userId === null ? undefined : eq(deliveries.userId, userId));
  }

  return {
    /** The owner's deliveries that match, newest first, at most SEARCH_RESULT_LIMIT. */
    searchOwnQuery(userId: string, term: SearchTerm) {
      if (term.kind !== 'text') {
        return db.select(listColumns).from(deliveries).where(exact(term, userId)).limit(1);
      }
      // The owner's newest rows by deliveries_user_created_idx, then the name or phone test over those only.
      const recent = db
        .select({ ...listColumns, receiverName: deliveries.receiverName, receiverPhone: deliveries.receiverPhone })
        .from(deliveries)
        .where(eq(deliveries.userId, userId))
        .orderBy(desc(deliveries.createdAt), desc(deliveries.number))
        .limit(SEARCH_SCAN_LIMIT)
        .as('recent');
      const columns = Object.fromEntries(Object.keys(listColumns).map((key) => [key, recent[key as keyof typeof listColumns]])) as {
        [K in keyof typeof listColumns]: (typeof recent)[K];
      };
      return db
        .select(columns)
        .from(recent)
        .where(
          or(
            ilike(recent.receiverName, term.pattern),
            term.digits ? sql`${recent.receiverPhone} like ${`%${term.digits}%`}` : undefined,
          ),
        )
        .orderBy(desc(recent.createdAt), desc(recent.number))
        .limit(SEARCH_RESULT_LIMIT);
    },

    async searchOwn(userId: string, term: SearchTerm): Promise<DeliveryListRow[]> {
      return (await this.searchOwnQuery(userId, term)) as DeliveryListRow[];
    },
  };
}
export type DeliverySearch = ReturnType<typeof createDeliverySearch>;
