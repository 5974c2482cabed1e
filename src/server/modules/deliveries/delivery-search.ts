import { and, asc, desc, eq, getTableColumns, ilike, or, sql, type SQLWrapper } from 'drizzle-orm';
import type { DateRangeInstants } from '../../../shared/schemas/date-range.js';
import type { Executor } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
import { normalizeTrackingId, parseDeliveryId } from '../../../shared/ids.js';
import { BOARD_SORT_ASCENDING, boardScope, listColumns, SORT_FIELD_OF, type BoardFilter, type DeliveryListRow, type DeliveryRow } from './deliveries-repository.js';

/** A name or phone search looks at no more than the owner's newest this many deliveries (decision 052). */
export const SEARCH_SCAN_LIMIT = 500;
/** At most this many matches are answered; a search is a lookup, not a list to page through. */
export const SEARCH_RESULT_LIMIT = 50;

/**
 * Part of a receiver's phone number: its digits, and, when it was typed from the start of a number (+234…, 234…,
 * 0…), the national digits that number begins with.
 */
export interface PhoneSearch {
  digits: string;
  nationalPrefix: string | null;
}

export type SearchTerm =
  | { kind: 'number'; number: number }
  | { kind: 'tracking'; trackingId: string }
  | { kind: 'text'; pattern: string; phone: PhoneSearch | null };

/** Fewer digits than this match too many numbers to mean one. */
export const PHONE_SEARCH_MIN_DIGITS = 4;
const PHONE_DIGITS_MAX = 15;
/**
 * A search read as the start of a number keeps at least an operator's code (803, 706) after its prefix: "+234803"
 * is such a start, while "2345" is more likely four digits from the middle than 234 and a lone 5.
 */
const OPERATOR_CODE_DIGITS = 3;

/**
 * Nigeria's country code and trunk zero, as a number may start with either or both (+234 803…, 0803…, +234 0803…).
 * What is left are the national digits (803…), whichever way the number was typed: one pattern, for the query here
 * and for the stored numbers in SQL.
 */
const PHONE_PREFIX = '^(234)?0?';

/** The national digits of a phone number as typed: every non-digit dropped, then the prefix. */
export function nationalDigits(typed: string): string {
  return typed.replace(/\D/g, '').replace(new RegExp(PHONE_PREFIX), '');
}

/** The same national digits of a stored receiver phone (kept as the booker typed it), computed by PostgreSQL. */
const nationalDigitsSql = (column: SQLWrapper) => sql`regexp_replace(regexp_replace(${column}, '[^0-9]', '', 'g'), ${PHONE_PREFIX}, '')`;

/**
 * A phone search matches any run of its digits within a number's national digits, and a search typed from the start
 * of a number (+234803, 0803123) also every number whose national digits begin with what follows its prefix.
 */
function phoneMatch(column: SQLWrapper, phone: PhoneSearch | null) {
  if (!phone) return undefined;
  const national = nationalDigitsSql(column);
  return or(
    sql`${national} like ${`%${phone.digits}%`}`,
    phone.nationalPrefix ? sql`${national} like ${`${phone.nationalPrefix}%`}` : undefined,
  );
}

/** `%` and `_` (and the escape itself) match only themselves in the ILIKE pattern. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * What a search box's text means: a delivery number (LF042, lf42) and a tracking id (LF-7KQ2-M9XD) are exact index
 * lookups; anything else is part of a receiver's name, or, written only with a phone number's characters and at
 * least PHONE_SEARCH_MIN_DIGITS digits, part of their phone number (typed 4567, 0803 123, +234 803… or 803…).
 */
export function parseSearchTerm(raw: string): SearchTerm | null {
  const text = raw.trim();
  if (text === '') return null;
  const trackingId = normalizeTrackingId(text);
  if (trackingId) return { kind: 'tracking', trackingId };
  const number = parseDeliveryId(text.toUpperCase());
  if (number !== null) return { kind: 'number', number };
  return { kind: 'text', pattern: `%${escapeLike(text)}%`, phone: parsePhoneSearch(text) };
}

function parsePhoneSearch(text: string): PhoneSearch | null {
  if (!/^[\d\s().+-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  if (digits.length < PHONE_SEARCH_MIN_DIGITS || digits.length > PHONE_DIGITS_MAX) return null;
  const national = nationalDigits(digits);
  return { digits, nationalPrefix: national.length < digits.length && national.length >= OPERATOR_CODE_DIGITS ? national : null };
}

export function createDeliverySearch(db: Executor) {
  /**
   * A number or tracking id: deliveries_number_key / deliveries_tracking_id_key, then the owner and the list's mode are
   * checked (a test delivery is found in test mode only, decision 079).
   */
  function exact(term: Extract<SearchTerm, { kind: 'number' | 'tracking' }>, userId: string, livemode: boolean) {
    const match = term.kind === 'number' ? eq(deliveries.number, term.number) : eq(deliveries.trackingId, term.trackingId);
    return and(match, eq(deliveries.userId, userId), eq(deliveries.livemode, livemode));
  }

  return {
    /** The owner's deliveries of one mode that match, newest first, at most SEARCH_RESULT_LIMIT. */
    searchOwnQuery(userId: string, livemode: boolean, term: SearchTerm, range: DateRangeInstants | null = null) {
      if (term.kind !== 'text') {
        return db.select(listColumns).from(deliveries).where(exact(term, userId, livemode)).limit(1);
      }
      // The owner's newest rows of the mode by deliveries_merchant_idx, then the name or phone test over those only.
      // With a date range: the newest before its end, those from its start kept outside, which are the newest in the
      // range (the index walk stops after SEARCH_SCAN_LIMIT rows whatever the range holds).
      const recent = db
        .select({ ...listColumns, receiverName: deliveries.receiverName, receiverPhone: deliveries.receiverPhone })
        .from(deliveries)
        .where(
          and(
            eq(deliveries.userId, userId),
            eq(deliveries.livemode, livemode),
            range ? sql`${deliveries.createdAt} < ${range.toAt}::timestamptz` : undefined,
          ),
        )
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
          and(
            or(ilike(recent.receiverName, term.pattern), phoneMatch(recent.receiverPhone, term.phone)),
            range ? sql`${recent.createdAt} >= ${range.fromAt}::timestamptz` : undefined,
          ),
        )
        .orderBy(desc(recent.createdAt), desc(recent.number))
        .limit(SEARCH_RESULT_LIMIT);
    },

    /**
     * An id or tracking id: an exact find on any filter and date. Filters narrow only a name or phone search, which
     * looks at the owner's newest SEARCH_SCAN_LIMIT deliveries within the range.
     */
    async searchOwn(userId: string, livemode: boolean, term: SearchTerm, range: DateRangeInstants | null = null): Promise<DeliveryListRow[]> {
      return (await this.searchOwnQuery(userId, livemode, term, range)) as DeliveryListRow[];
    },

    /**
     * The dispatch board's name or phone search (decision 057): the tab's first SEARCH_SCAN_LIMIT rows in its own
     * order within the date range (the tab's partial index, as its pages read them), then the test over those only,
     * at most SEARCH_RESULT_LIMIT, in the tab's order. Across every customer's deliveries a search without such a
     * bound would be a scan. With the Active tab's driver filter (decision 088), that driver's rows of the same window.
     */
    searchBoardQuery(filter: BoardFilter, term: Extract<SearchTerm, { kind: 'text' }>, range: DateRangeInstants | null, driverId: string | null = null) {
      const scope = boardScope(filter, null, range);
      const window = db
        .select({ ...getTableColumns(deliveries), cursorAt: scope.cursorAt })
        .from(deliveries)
        .where(scope.where)
        .orderBy(...scope.orderBy)
        .limit(SEARCH_SCAN_LIMIT)
        .as('board_window');
      const { cursorAt: _cursorAt, ...columns } = window._.selectedFields;
      const sortKey = window[SORT_FIELD_OF[scope.dateColumn]];
      const ascending = BOARD_SORT_ASCENDING[filter];
      return db
        .select(columns as unknown as typeof deliveries._.columns)
        .from(window)
        .where(
          and(
            or(ilike(window.receiverName, term.pattern), phoneMatch(window.receiverPhone, term.phone)),
            driverId === null ? undefined : eq(window.driverId, driverId),
          ),
        )
        .orderBy(...(ascending ? [asc(sortKey), asc(window.number)] : [desc(sortKey), desc(window.number)]))
        .limit(SEARCH_RESULT_LIMIT);
    },

    async searchBoard(filter: BoardFilter, term: Extract<SearchTerm, { kind: 'text' }>, range: DateRangeInstants | null, driverId: string | null = null): Promise<DeliveryRow[]> {
      return (await this.searchBoardQuery(filter, term, range, driverId)) as unknown as DeliveryRow[];
    },
  };
}
export type DeliverySearch = ReturnType<typeof createDeliverySearch>;
