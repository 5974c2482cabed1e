import { and, asc, desc, eq, getTableColumns, gte, inArray, isNotNull, isNull, ne, sql, type AnyColumn, type SQL, type WithSubquery } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DateRangeInstants } from '../../../shared/schemas/date-range.js';
import type { Executor } from '../../db/client.js';
import { cappedCount, countsOf } from '../../db/capped-count.js';
import { insertRow, insertSelection, rowColumnsOf } from '../../db/insert-row.js';
import { preparedPerExecutor, preparedPerExecutorEach } from '../../db/prepared-per-executor.js';
import { deliveries, deliveryEvents, deliveryTotals } from '../../db/schema/index.js';
import { ACTIVE_JOB_STATUS_SQL, DISPLAY_STATUS_SQL, PAID_LIVE_SQL } from '../../db/schema/deliveries.js';
import type { DeliveryStatus, DisplayStatus } from '../../../shared/schemas/deliveries.js';
import { codSettlementCtes, driverEarningsCtes, postingCtes, walletDebitCtes } from '../wallet/wallet-statements.js';
import { ACCOUNTS } from '../wallet/accounts.js';
import { outboxMessageCte } from '../messages/outbox-statements.js';
import { quoteClaimCte } from '../quotes/quote-statements.js';
import { accountLanguageSql } from '../users/user-statements.js';
import { paidCtes, payableCte, payableEachCte, type PayableEach } from './delivery-statements.js';
import { isTestDelivery } from './test-mode-statements.js';

export type DeliveryRow = typeof deliveries.$inferSelect;
type NewDelivery = typeof deliveries.$inferInsert;

/** What a booking writes: every one of these, always (the prepared insert has a placeholder for each). */
/**
 * One page of an owner's own deliveries (My Deliveries, its export): one mode (live, or test: decision 079), optionally
 * one status group, up to `limit` rows after `after`, optionally only those created within `range` (dateRangeInstants).
 */
export interface OwnPage {
  userId: string;
  livemode: boolean;
  display: DisplayStatus | null;
  after: DeliveryKey | null;
  limit: number;
  range?: DateRangeInstants | null;
}

/** What a delivery cost its shipper (decision 084): its price and, once it came back, the return's fee; never a reserve. */
const spentOn = sql<number>`${deliveries.totalKobo} + coalesce(${deliveries.returnFeeKobo}, 0)`;
/** The deliveries whose cost counts as spent: paid, live, not cancelled (a cancellation refunds the price). */
const spentOnBy = (userId: string) => and(eq(deliveries.userId, userId), PAID_LIVE_SQL, ne(deliveries.status, 'cancelled'));

const BOOKING_COLUMNS = [
  'userId',
  'receiverName',
  'receiverPhone',
  'receiverLanguage',
  'pickupLocation',
  'dropoffLocation',
  'packageType',
  'packageWeight',
  'transportMode',
  'deliveryType',
  'deliveryTime',
  'deliveryDate',
  'description',
  'pickupLat',
  'pickupLng',
  'dropoffLat',
  'dropoffLng',
  'distanceMeters',
  'interstate',
  'quoteId',
  'baseFareKobo',
  'distanceFeeKobo',
  'serviceFeeKobo',
  'totalKobo',
  'priceLockedUntil',
  'livemode',
  'externalReference',
  'codAmountKobo',
  'codFeeKobo',
  'codReserveKobo',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof NewDelivery)[];
export type NewBooking = { [K in (typeof BOOKING_COLUMNS)[number]]: NewDelivery[K] };
/** A booking as the single inserts take it: without a receiver language (null), the account's is used. */
export type BookingValues = Omit<NewBooking, 'receiverLanguage'> & { receiverLanguage?: string | null };
/** A delivery's last failed attempt's note, by delivery_events_delivery_idx: a subquery of a list row. */
const lastFailedAttemptNote = new QueryBuilder()
  .select({ note: deliveryEvents.note })
  .from(deliveryEvents)
  .where(and(eq(deliveryEvents.deliveryId, deliveries.id), eq(deliveryEvents.status, 'failed_attempt')))
  .orderBy(desc(deliveryEvents.createdAt), desc(deliveryEvents.id))
  .limit(1);
/** The columns a list row needs (delivery-view's toDeliveryListItem). */
export const listColumns = {
  number: deliveries.number,
  livemode: deliveries.livemode,
  trackingId: deliveries.trackingId,
  pickupLocation: deliveries.pickupLocation,
  dropoffLocation: deliveries.dropoffLocation,
  status: deliveries.status,
  totalKobo: deliveries.totalKobo,
  priceLockedUntil: deliveries.priceLockedUntil,
  paidAt: deliveries.paidAt,
  createdAt: deliveries.createdAt,
  // What the estimated delivery is computed from.
  distanceMeters: deliveries.distanceMeters,
  interstate: deliveries.interstate,
  transportMode: deliveries.transportMode,
  deliveryType: deliveries.deliveryType,
  deliveryDate: deliveries.deliveryDate,
  deliveryTime: deliveries.deliveryTime,
  reattemptedAt: deliveries.reattemptedAt,
  codAmountKobo: deliveries.codAmountKobo,
  codFeeKobo: deliveries.codFeeKobo,
  codReserveKobo: deliveries.codReserveKobo,
  codPaidAt: deliveries.codPaidAt,
  // The export's receiver column (the web's list item leaves it out).
  receiverName: deliveries.receiverName,
  // Why a failed attempt waiting for a decision failed (decision 090), read for such rows only.
  failedAttemptNote: sql<string | null>`case when ${deliveries.status} = 'failed_attempt' then (${lastFailedAttemptNote}) end`.as('failed_attempt_note'),
};
export type DeliveryListRow = Pick<DeliveryRow, Exclude<keyof typeof listColumns, 'failedAttemptNote'>> & { failedAttemptNote: string | null };
export type DeliveryEventRow = Pick<typeof deliveryEvents.$inferSelect, 'status' | 'createdAt'> & { note?: string | null };

export interface PaidFields {
  paymentMethod: 'wallet' | 'card';
  trackingId: string;
  paidAt: Date;
  /** Only a delivery still priced at this amount can be paid with it. */
  expectedTotalKobo: number;
  /** How much of the payment was sandbox money. */
  sandboxKobo: number;
  /** When set, the price lock must still hold at this instant. */
  lockValidAt?: Date;
}

export interface AssignedDriver {
  userId: string;
  name: string;
  phone: string;
  ratingTenths: number;
  reviews: number;
}

/** The dispatch board's filters (shared/schemas/dispatch.ts), as conditions on paid deliveries. */
export type BoardFilter = 'unassigned' | 'active' | 'needs_decision' | 'delivered' | 'cancelled' | 'all';

/** Where a keyset page starts: after the row with this sort key (its timestamp as PostgreSQL's text, and number). */
export interface DeliveryKey {
  at: string;
  number: number;
}

/** The timestamps a list is sorted by, each with its column: the sort key of a keyset (with number). */
const SORT_COLUMNS = { paid_at: deliveries.paidAt, updated_at: deliveries.updatedAt, created_at: deliveries.createdAt, due_at: deliveries.dueAt };
type SortKey = keyof typeof SORT_COLUMNS;
/** The same columns by their field names, for a query that re-sorts a subquery's rows by a list's key. */
export const SORT_FIELD_OF = { paid_at: 'paidAt', updated_at: 'updatedAt', created_at: 'createdAt', due_at: 'dueAt' } as const satisfies Record<SortKey, keyof DeliveryRow>;

/**
 * Each tab's rows and order, written so that one index serves it (schema/deliveries.ts, decision 049): Unassigned the
 * first due first (decision 088), Active the oldest payment first, Needs a decision who has waited longest first, the
 * others the latest change first. Statuses are literals, not parameters, so the planner can match the partial indexes
 * in a generic plan too. Test-mode deliveries (livemode false, booked with a test API key) are on no tab: their
 * indexes leave them out (the active tab's rows all have a driver, which a test delivery never gets).
 */
const BOARD_TABS: Record<BoardFilter, { where: SQL; key: 'due_at' | 'paid_at' | 'updated_at'; ascending: boolean }> = {
  unassigned: { where: sql`paid_at is not null and status = 'pending' and driver_id is null and livemode`, key: 'due_at', ascending: true },
  active: { where: sql`paid_at is not null and driver_id is not null and ${ACTIVE_JOB_STATUS_SQL}`, key: 'paid_at', ascending: true },
  // A failed attempt waiting for a decision, who has waited longest first (deliveries_board_needs_decision_idx).
  needs_decision: { where: sql`paid_at is not null and status = 'failed_attempt' and livemode`, key: 'updated_at', ascending: true },
  delivered: { where: sql`paid_at is not null and status = 'delivered' and livemode`, key: 'updated_at', ascending: false },
  cancelled: { where: sql`paid_at is not null and status = 'cancelled' and livemode`, key: 'updated_at', ascending: false },
  all: { where: sql`paid_at is not null and livemode`, key: 'updated_at', ascending: false },
};

/** Whether a board tab lists oldest first (the waiting tabs), for a query that re-sorts a tab's rows. */
export const BOARD_SORT_ASCENDING = Object.fromEntries(Object.entries(BOARD_TABS).map(([tab, { ascending }]) => [tab, ascending])) as Record<BoardFilter, boolean>;

/** The keyset condition and order of a list sorted by (`key`, number). */
function keyset(key: SortKey, ascending: boolean, after: DeliveryKey | null) {
  const column = SORT_COLUMNS[key];
  const number = deliveries.number;
  return {
    after: after
      ? ascending
        ? sql`(${column}, ${number}) > (${after.at}::timestamptz, ${after.number}::int)`
        : sql`(${column}, ${number}) < (${after.at}::timestamptz, ${after.number}::int)`
      : undefined,
    orderBy: ascending ? [asc(column), asc(number)] : [desc(column), desc(number)],
    /** The sort key of a row, exactly as stored (microseconds), for its cursor. */
    cursorAt: sql<string>`${column}::text`.as('cursor_at'),
  };
}

/**
 * A board tab's rows, order and cursor key (BOARD_TABS), after a key and within a date range: the range is on the
 * tab's own sort date (when due for Unassigned, when paid for Active, the last change for the others), so the tab's
 * partial index serves it (decisions 057, 088). The board's page, its export and its name search read through this.
 * `driverId`: only that driver's rows, the Active tab's driver filter, which deliveries_driver_active_idx serves.
 */
export function boardScope(filter: BoardFilter, after: DeliveryKey | null, range: DateRangeInstants | null, driverId: string | null = null) {
  const tab = BOARD_TABS[filter];
  const order = keyset(tab.key, tab.ascending, after);
  return {
    where: and(
      tab.where,
      driverId === null ? undefined : eq(deliveries.driverId, driverId),
      order.after,
      range ? withinRange(SORT_COLUMNS[tab.key], range.fromAt, range.toAt) : undefined,
    )!,
    orderBy: order.orderBy,
    cursorAt: order.cursorAt,
    dateColumn: tab.key,
  };
}

const p = sql.placeholder;
/** Each delivery's events in order (callers group them by delivery, so the deliveries' order does not matter). */
function eventsQuery(deliveryIds: readonly string[]) {
  return sql`
    select ids.id as delivery_id, e.status, e.note, e.driver_id, e.created_at
    from unnest(${`{${deliveryIds.join(',')}}`}::uuid[]) as ids(id)
    cross join lateral (
      select ${deliveryEvents.status}, ${deliveryEvents.note}, ${deliveryEvents.driverId}, ${deliveryEvents.createdAt}
      from ${deliveryEvents}
      where ${deliveryEvents.deliveryId} = ids.id
      order by ${deliveryEvents.createdAt}, ${deliveryEvents.id}
    ) e`;
}

/** An event as a move's statement returns the history. */
type MovedEvent = { status: string; note: string | null; driverId: string | null; at: string };

const statusIn = (name: string) => sql`${deliveries.status} = any(${p(name)}::text[])`;

/**
 * A move of the lifecycle, one prepared statement (a data-modifying CTE: one round trip, atomic without a
 * transaction) on the executor it runs on: `changed`, the update of one delivery; the event that records it; writes of
 * other modules that follow from it (the receiver's message, the driver's earnings); and the delivery's history
 * back, every event, oldest first (the new one is added by `move`). Each column in `columns` takes the placeholder of
 * its field's name; the event takes `eventStatus`, `eventNote` and `at` (also the row's updated_at). No row when
 * `where` matched nothing.
 */
function prepareMove<Extra extends Record<string, SQL>>(
  db: Executor,
  label: string,
  where: SQL,
  columns: readonly (keyof NewDelivery)[],
  then?: (changed: WithSubquery) => { ctes: readonly WithSubquery[]; columns?: Extra },
  /**
   * An event that is not a status, recorded right after the move's (a microsecond later, so the two keep their
   * order) by the same insert: the webhooks' statement trigger then queues both in that order.
   */
  followedBy?: string,
) {
  const set = Object.fromEntries([...columns.map((key) => [key, p(key)]), ['updatedAt', p('at')]]) as Partial<NewDelivery>;
  const changed = db.$with('changed').as(db.update(deliveries).set(set).where(where).returning());
  const moveEvent = db.select(insertRow(deliveryEvents, { deliveryId: changed.id, status: p('eventStatus'), note: p('eventNote'), driverId: changed.driverId, createdAt: p('at') })).from(changed);
  const logged = db.$with('changed_event').as(
    db
      .insert(deliveryEvents)
      .select(
        followedBy === undefined
          ? moveEvent
          : moveEvent.unionAll(
              db
                .select(insertRow(deliveryEvents, { deliveryId: changed.id, status: followedBy, createdAt: sql`${p('at')}::timestamptz + interval '1 microsecond'` }))
                .from(changed),
            ),
      ),
  );
  // The statement's snapshot does not see the event it inserts.
  const history = db.$with('changed_history').as(
    db
      .select({
        deliveryId: deliveryEvents.deliveryId,
        events: sql<MovedEvent[]>`json_agg(json_build_object('status', ${deliveryEvents.status}, 'note', ${deliveryEvents.note}, 'driverId', ${deliveryEvents.driverId}, 'at', ${deliveryEvents.createdAt}) order by ${deliveryEvents.createdAt}, ${deliveryEvents.id})`.as('events'),
      })
      .from(deliveryEvents)
      .where(inArray(deliveryEvents.deliveryId, db.select({ id: changed.id }).from(changed)))
      .groupBy(deliveryEvents.deliveryId),
  );
  const following = then?.(changed);
  return db
    .with(changed, logged, ...(following?.ctes ?? []), history)
    .select({ row: rowColumnsOf(deliveries, changed), history: history.events, ...((following?.columns ?? {}) as Extra) })
    .from(changed)
    .leftJoin(history, eq(history.deliveryId, changed.id))
    .prepare(label);
}

const byId = eq(deliveries.id, sql`${p('id')}::uuid`);
/**
 * A hand-over, only if nothing changed since the caller judged the row: the same driver and, for a code (`codeHash`
 * set), the same code with attempts left.
 */
const handOverWhere = and(
  byId,
  statusIn('from'),
  eq(deliveries.driverId, sql`${p('driverId')}::uuid`),
  sql`(${p('codeHash')}::text is null or (${deliveries.handoverCodeHash} = ${p('codeHash')}::text
        and ${deliveries.handoverFailedAttempts} < ${p('maxAttempts')}::int))`,
  // A pay-on-delivery parcel is handed to its receiver only once they have paid (a return needs no payment).
  sql`(${p('status')}::text <> 'delivered' or ${deliveries.codAmountKobo} is null or ${deliveries.codPaidAt} is not null)`,
)!;
const HANDED_OVER_COLUMNS = ['status', 'handoverCodeHash', 'deliveryProofKey'] as const satisfies readonly (keyof NewDelivery)[];
/**
 * The moves by name, each built and prepared on first use on an executor: a hand-over's transaction needs one of
 * them, and building all six for each transaction cost more CPU than the hand-over's own statements (a profile of
 * the pay-on-delivery cycle).
 */
const MOVES = {
  step: (db: Executor) => prepareMove(db, 'delivery_step', and(byId, statusIn('from'))!, ['status']),
  driverStep: (db: Executor) =>
    prepareMove(
      db,
      'delivery_driver_step',
      and(
        eq(deliveries.number, sql`${p('number')}::int`),
        eq(deliveries.driverId, sql`${p('driverId')}::uuid`),
        statusIn('from'),
      )!,
      ['status'],
    ),
  /** A (re)assignment, with the receiver's message naming the new driver, if any, in the same statement. */
  assign: (db: Executor) =>
    prepareMove(
      db,
      'delivery_assign',
      // The driver as judged, so the one the job was taken from is known for certain.
      and(byId, eq(deliveries.transportMode, sql`${p('transportMode')}::text`), statusIn('from'), sql`${deliveries.driverId} is not distinct from ${p('judgedDriverId')}::uuid`)!,
      ['driverId', 'driverName', 'driverPhone', 'driverRating', 'driverReviews'],
      (changed) => ({ ctes: [outboxMessageCte(db, changed)] }),
    ),
  /**
   * The pickup that makes the receiver's code, with the SMS carrying it in the same statement: only with the driver
   * as judged (the SMS names them) and while the delivery has no code (one code per delivery).
   */
  pickUp: (db: Executor) =>
    prepareMove(
      db,
      'delivery_pick_up',
      and(byId, statusIn('from'), eq(deliveries.driverId, sql`${p('judgedDriverId')}::uuid`), isNull(deliveries.handoverCodeHash))!,
      ['status', 'handoverCodeHash'],
      (changed) => ({ ctes: [outboxMessageCte(db, changed)] }),
    ),
  /** Out again after a failed attempt, only while the re-attempts are as many as the caller judged. */
  reattempt: (db: Executor) =>
    prepareMove(
      db,
      'delivery_reattempt',
      and(byId, statusIn('from'), eq(deliveries.reattempts, sql`${p('judgedReattempts')}::int`))!,
      ['status', 'reattempts', 'reattemptedAt'],
    ),
  /** On its way back, with a fresh hand-over code for the shipper's pickup contact, sent by the same statement. */
  return: (db: Executor) =>
    prepareMove(
      db,
      'delivery_return',
      and(byId, statusIn('from'))!,
      ['status', 'handoverCodeHash', 'handoverFailedAttempts'],
      (changed) => ({ ctes: [outboxMessageCte(db, changed)] }),
    ),
  /**
   * Handed over, with the driver's earnings in the same statement (WalletService.driverEarnings' placeholders),
   * only as judged (handOverWhere).
   */
  deliver: (db: Executor) =>
    prepareMove(db, 'delivery_deliver', handOverWhere, HANDED_OVER_COLUMNS, (changed) => {
      const earnings = driverEarningsCtes(db, changed);
      return { ctes: [...earnings.ctes], columns: { earningBalanceAfter: earnings.balanceAfter } };
    }),
  /**
   * A pay-on-delivery order handed to its receiver: as `deliver`, with its settlement (WalletService.codSettlement's
   * placeholders) and the `cod_settled` event in the same statement. The earnings and the settlement each credit a
   * wallet, so only for a shipper who is not the driver: one statement must not write one wallet row twice.
   */
  deliverCod: (db: Executor) =>
    prepareMove(
      db,
      'delivery_deliver_cod',
      handOverWhere,
      HANDED_OVER_COLUMNS,
      (changed) => {
        const earnings = driverEarningsCtes(db, changed);
        const settlement = codSettlementCtes(db, changed);
        return {
          ctes: [...earnings.ctes, ...settlement.ctes],
          columns: { earningBalanceAfter: earnings.balanceAfter, settlementBalanceAfter: settlement.balanceAfter, settlementOwedAfter: settlement.owedAfter },
        };
      },
      'cod_settled',
    ),
};


/** The values of a My Deliveries page: placeholders for its prepared statements, or the values themselves. */
interface PageValues {
  userId: unknown;
  /** True for live deliveries, false for test ones (decision 079). */
  livemode: unknown;
  display: unknown;
  afterAt: unknown;
  afterNumber: unknown;
  limit: unknown;
  /** A date range's instants (dateRangeInstants), for a ranged page. */
  fromAt?: unknown;
  toAt?: unknown;
}
const PAGE_PLACEHOLDERS: PageValues = {
  userId: sql.placeholder('userId'),
  livemode: sql.placeholder('livemode'),
  display: sql.placeholder('display'),
  afterAt: sql.placeholder('afterAt'),
  afterNumber: sql.placeholder('afterNumber'),
  limit: sql.placeholder('limit'),
  fromAt: sql.placeholder('fromAt'),
  toAt: sql.placeholder('toAt'),
};

/**
 * A date range on the column a list is sorted by (issue 24, decision 057): `from` included, `to` excluded, open ends
 * as infinite timestamps. On the sort column it narrows the list's own index scan, so no other index is needed.
 */
export function withinRange(column: SQL | AnyColumn, fromAt: unknown, toAt: unknown): SQL {
  return sql`${column} >= ${fromAt}::timestamptz and ${column} < ${toAt}::timestamptz`;
}

export function createDeliveriesRepository(db: Executor) {
  /**
   * My Deliveries is the hottest read: one prepared statement per status filter skips query building here and
   * parsing and planning in PostgreSQL. The filters are a fixed handful, so the set stays small.
   */
  const pageStatements = new Map<string, ReturnType<typeof preparePage>>();
  let trackingStatement: ReturnType<typeof prepareTracking> | undefined;
  let publicTrackingStatement: ReturnType<typeof prepareTracking> | undefined;
  let ownedStatement: ReturnType<typeof prepareOwned> | undefined;

  /**
   * A booking's values as placeholders; the receiver's language, when none is given (null), is the account's
   * (accountLanguageSql), read in the same round trip.
   */
  function bookingPlaceholders() {
    const values: Record<string, unknown> = Object.fromEntries(BOOKING_COLUMNS.map((column) => [column, sql.placeholder(column)]));
    values.receiverLanguage = sql`coalesce(${sql.placeholder('receiverLanguage')}::text, ${accountLanguageSql(sql.placeholder('userId'))})`;
    return values;
  }

  /** Booking and paying are the hot writes: their statements are built once, not on every call. */
  function prepareInsert(db: Executor) {
    return db
      .insert(deliveries)
      .values(bookingPlaceholders() as unknown as NewDelivery)
      .returning()
      .prepare('insert_delivery');
  }

  /** A booking that uses up the customer's quote in the same statement (quoteClaimCte): nothing when it cannot. */
  function prepareInsertClaimingQuote(db: Executor) {
    const p = sql.placeholder;
    const claimed = quoteClaimCte(db, { quoteId: p('quoteId'), userId: p('userId'), at: p('claimedAt') });
    return db
      .with(claimed)
      .insert(deliveries)
      .select(insertSelection(db.select(insertRow(deliveries, bookingPlaceholders())).from(claimed)))
      .returning()
      .prepare('insert_delivery_claiming_quote');
  }

  function prepareOwned() {
    return db
      .select()
      .from(deliveries)
      .where(
        and(eq(deliveries.number, sql.placeholder('number')), eq(deliveries.userId, sql.placeholder('userId'))),
      )
      .limit(1)
      .prepare('delivery_by_number_and_owner');
  }

  /**
   * One keyset page of My Deliveries in one mode, newest first: by owner and mode (deliveries_merchant_idx) or by
   * owner, mode and status group (deliveries_user_mode_display_idx, whose expression this must be); the first page, or
   * the one after a key.
   */
  function pageQuery(filtered: boolean, after: boolean, values: PageValues, ranged = false) {
    const conditions = [eq(deliveries.userId, values.userId as string), sql`${deliveries.livemode} = ${values.livemode}::boolean`];
    if (filtered) conditions.push(sql`${DISPLAY_STATUS_SQL} = ${values.display}::text`);
    if (ranged) conditions.push(withinRange(deliveries.createdAt, values.fromAt, values.toAt));
    if (after)
      conditions.push(sql`(${deliveries.createdAt}, ${deliveries.number}) < (${values.afterAt}::timestamptz, ${values.afterNumber}::int)`);
    return db
      .select({ ...listColumns, cursorAt: sql<string>`${deliveries.createdAt}::text`.as('cursor_at') })
      .from(deliveries)
      .where(and(...conditions))
      .orderBy(desc(deliveries.createdAt), desc(deliveries.number))
      .limit(values.limit as number);
  }

  function preparePage(filtered: boolean, after: boolean, ranged = false) {
    return pageQuery(filtered, after, PAGE_PLACEHOLDERS, ranged).prepare(
      `deliveries_page_${filtered ? 'status' : 'all'}${after ? '_after' : ''}${ranged ? '_ranged' : ''}`,
    );
  }

  /** Tracking is the other hot read: the delivery and its status history in one prepared round trip. */
  function prepareTracking(owned: boolean) {
    const byTrackingId = eq(deliveries.trackingId, sql.placeholder('trackingId'));
    return db
      .select({
        delivery: deliveries,
        // The outer column is qualified by hand: Drizzle renders it bare, which here would mean delivery_events.id.
        // Only the owner's lookup reads the notes: the public page never holds a driver's words (decision 085).
        events: sql<{ status: string; at: string; note?: string | null }[]>`coalesce((
          select json_agg(${owned ? sql.raw(`json_build_object('status', e.status, 'at', e.created_at, 'note', e.note)`) : sql.raw(`json_build_object('status', e.status, 'at', e.created_at)`)} order by e.created_at)
          from ${deliveryEvents} e where e.delivery_id = "deliveries"."id"
        ), '[]'::json)`,
      })
      .from(deliveries)
      .where(owned ? and(byTrackingId, eq(deliveries.userId, sql.placeholder('userId'))) : byTrackingId)
      .limit(1)
      .prepare(owned ? 'delivery_by_tracking_id' : 'delivery_by_tracking_id_public');
  }

  let byNumberStatement: ReturnType<typeof prepareByNumber> | undefined;
  const preparePayToken = () =>
    db.select().from(deliveries).where(eq(deliveries.codPayTokenHash, sql.placeholder('tokenHash'))).limit(1).prepare('delivery_by_pay_token');
  let payTokenStatement: ReturnType<typeof preparePayToken> | undefined;

  function prepareByNumber() {
    return db.select().from(deliveries).where(eq(deliveries.number, sql`${sql.placeholder('number')}::int`)).limit(1).prepare('delivery_by_number');
  }

  /** One more wrong code, only while it is still the code judged and attempts are left; the count after it. */
  function prepareFailedHandover(db: Executor) {
    return db
      .update(deliveries)
      .set({ handoverFailedAttempts: sql`${deliveries.handoverFailedAttempts} + 1`, updatedAt: sql`${sql.placeholder('at')}::timestamptz` })
      .where(
        and(
          eq(deliveries.id, sql`${sql.placeholder('id')}::uuid`),
          statusIn('from'),
          sql`${deliveries.handoverCodeHash} is not distinct from ${sql.placeholder('codeHash')}::text`,
          sql`${deliveries.handoverFailedAttempts} < ${sql.placeholder('maxAttempts')}::int`,
        ),
      )
      .returning({ attempts: deliveries.handoverFailedAttempts })
      .prepare('delivery_handover_failed');
  }

  /**
   * A wallet payment in one statement, so one round trip: lock the delivery if it is still payable at this price
   * (and within its price lock), debit the wallet only if the balance covers it, then mark it paid with its first
   * history event and write the payment's posting (wallet → revenue). Each step feeds on the one before, so either
   * all of it happens or none; a parallel payment of the same delivery waits on the lock and then finds it no
   * longer payable. The wallet module owns its parts (wallet-statements.ts).
   */
  function prepareWalletPayment(db: Executor) {
    const p = sql.placeholder;
    const { payable, isPayable } = payableCte(db, { deliveryId: p('deliveryId'), amountKobo: p('amountKobo'), lockValidAt: p('at'), prepaidOnly: true });
    const debit = walletDebitCtes(db, {
      userId: p('userId'),
      amountKobo: p('amountKobo'),
      at: p('at'),
      onlyIf: isPayable,
      // A test-mode delivery is paid with sandbox money only, never with money that could be paid out.
      sandboxOnly: isTestDelivery(db, p('deliveryId')),
    });
    const { paid, ctes: paidWrites } = paidCtes(db, payable, {
      trackingId: p('trackingId'),
      at: p('at'),
      method: 'wallet',
      onlyIf: debit.debited,
      sandboxKobo: sql`-${debit.sandboxTaken}`,
    });
    const payment = postingCtes(db, 'payment', {
      after: paid,
      kind: 'wallet_payment',
      idempotencyKey: p('paymentKey'),
      amountKobo: p('amountKobo'),
      lines: [{ account: ACCOUNTS.revenue, sign: 1 }],
      wallet: { userId: p('userId'), kind: 'payment', description: p('description'), deliveryId: p('deliveryId'), at: p('at'), debited: debit },
    });
    return db
      .with(payable, ...debit.ctes, ...paidWrites, ...payment.ctes)
      .select({ balanceAfterKobo: debit.debit.balanceKobo, paid: rowColumnsOf(deliveries, paid) })
      .from(payable)
      .leftJoin(debit.debit, sql`true`)
      .leftJoin(paid, eq(paid.id, payable.id))
      .prepare('delivery_wallet_payment');
  }

  /**
   * A fresh pay link for the receiver of an unpaid pay-on-delivery order still on its way (its token's hash; only the
   * newest link works), with the SMS carrying it in the same statement (outboxMessageValues).
   */
  function preparePayLink(db: Executor) {
    const p = sql.placeholder;
    const changed = db.$with('changed').as(
      db
        .update(deliveries)
        .set({ codPayTokenHash: sql`${p('tokenHash')}::text` })
        .where(and(eq(deliveries.id, sql`${p('id')}::uuid`), statusIn('from'), isNotNull(deliveries.codAmountKobo), isNull(deliveries.codPaidAt)))
        .returning({ id: deliveries.id }),
    );
    return db.with(changed, outboxMessageCte(db, changed)).select({ id: changed.id }).from(changed).prepare('delivery_pay_link');
  }

  // The writes run on their caller's executor: the write pool, or its transaction.
  const insertOn = preparedPerExecutor(prepareInsert);
  const insertClaimingQuoteOn = preparedPerExecutor(prepareInsertClaimingQuote);
  const moveOn = preparedPerExecutorEach(MOVES);
  const walletPaymentOn = preparedPerExecutor(prepareWalletPayment);
  const payLinkOn = preparedPerExecutor(preparePayLink);
  const failedHandoverOn = preparedPerExecutor(prepareFailedHandover);

  /** Runs one of the moves: the row and its history with the new event last, or null when nothing matched. */
  async function move<Extra>(
    statement: { execute(values: Record<string, unknown>): Promise<({ row: DeliveryRow; history: MovedEvent[] | null } & Extra)[]> },
    values: Record<string, unknown>,
    event: { status: string; note: string | null; at: Date },
  ) {
    const [moved] = await statement.execute({ ...values, eventStatus: event.status, eventNote: event.note, at: event.at });
    if (!moved) return null;
    const earlier = (moved.history ?? []).map((e) => ({ status: e.status, note: e.note, driverId: e.driverId, createdAt: new Date(e.at) }));
    // The event records the delivery's driver after the move, as the statement wrote it.
    return { ...moved, events: [...earlier, { status: event.status, note: event.note, driverId: moved.row.driverId, createdAt: event.at }] };
  }

  return {
    /** Which of these storage keys are a delivery's proof photo. */
    async proofKeysAmong(keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db.select({ key: deliveries.deliveryProofKey }).from(deliveries).where(inArray(deliveries.deliveryProofKey, [...keys]));
      return new Set(rows.flatMap((row) => (row.key ? [row.key] : [])));
    },

    /** A booking, on the caller's executor; a null receiver language is the account's. */
    async insertDelivery(values: BookingValues, tx: Executor = db) {
      const [row] = await insertOn(tx).execute({ ...values, receiverLanguage: values.receiverLanguage ?? null });
      return row!;
    },

    /**
     * A booking at its quote's price that uses the quote up in the same statement, if the quote is still the user's,
     * unused and unexpired at `claimedAt`; null (nothing written) otherwise.
     */
    async insertDeliveryClaimingQuote(values: BookingValues, quote: { quoteId: string; claimedAt: Date }, tx: Executor = db) {
      const [row] = await insertClaimingQuoteOn(tx).execute({ ...values, receiverLanguage: values.receiverLanguage ?? null, ...quote });
      return row ?? null;
    },

    /**
     * Many bookings in one statement, each row as `insertDelivery` writes it (every booking column, the others their
     * defaults): each booking column's values go as one array, so the statement has one bind parameter per column
     * however many rows, and is built in no time. The rows in the order given.
     */
    async insertDeliveries(values: readonly NewBooking[], tx: Executor = db): Promise<DeliveryRow[]> {
      if (values.length === 0) return [];
      const columns = getTableColumns(deliveries);
      const arrays = BOOKING_COLUMNS.map((key) => {
        const column = columns[key];
        const given = values.map((booking) => (booking[key] === null || booking[key] === undefined ? null : column.mapToDriverValue(booking[key])));
        return sql`${sql.param(given)}::${sql.raw(column.getSQLType())}[]`;
      });
      const names = sql.join(BOOKING_COLUMNS.map((key) => sql.identifier(columns[key].name)), sql`, `);
      const given = sql`unnest(${sql.join(arrays, sql`, `)}) as given(${names})`;
      const row = Object.fromEntries(BOOKING_COLUMNS.map((key) => [key, sql`given.${sql.identifier(columns[key].name)}`]));
      const inserted = await tx.insert(deliveries).select(insertSelection(tx.select(insertRow(deliveries, row)).from(given))).returning();
      // Numbered by the sequence row by row as given, whatever order RETURNING lists them in.
      return inserted.sort((a, b) => a.number - b.number);
    },

    /** With a user: only theirs. Without (operators): any. */
    async findByNumber(number: number, userId: string | null) {
      if (userId) {
        ownedStatement ??= prepareOwned();
        const [row] = await ownedStatement.execute({ number, userId });
        return row ?? null;
      }
      const [row] = await (byNumberStatement ??= prepareByNumber()).execute({ number });
      return row ?? null;
    },

    async findById(id: string, tx: Executor = db) {
      const [row] = await tx.select().from(deliveries).where(eq(deliveries.id, id)).limit(1);
      return row ?? null;
    },

    /** These deliveries, in no particular order (those that do not exist are left out). */
    async findByIds(ids: readonly string[], tx: Executor = db) {
      if (ids.length === 0) return [];
      return tx.select().from(deliveries).where(inArray(deliveries.id, [...ids]));
    },

    /** With a user: only theirs. Without (the public tracking page): any. */
    async findByTrackingIdWithEvents(trackingId: string, userId: string | null) {
      const [row] = userId
        ? await (trackingStatement ??= prepareTracking(true)).execute({ trackingId, userId })
        : await (publicTrackingStatement ??= prepareTracking(false)).execute({ trackingId });
      if (!row) return null;
      const events = row.events.map((e) => ({ status: e.status, createdAt: new Date(e.at), note: e.note ?? null }));
      return { delivery: row.delivery, events };
    },

    /** Re-prices an unpaid booking; null when it is not (or no longer) awaiting payment. */
    async updateUnpaid(id: string, values: Partial<NewDelivery>, tx: Executor = db) {
      const [row] = await tx
        .update(deliveries)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(deliveries.id, id), eq(deliveries.status, 'awaiting_payment')))
        .returning();
      return row ?? null;
    },

    /** Conditional: only an unpaid delivery at the expected price becomes paid (a card payment); null otherwise. */
    async markPaid(id: string, fields: PaidFields, tx: Executor = db) {
      const { payable } = payableCte(tx, { deliveryId: id, amountKobo: fields.expectedTotalKobo, lockValidAt: fields.lockValidAt ?? null });
      const { paid, ctes } = paidCtes(tx, payable, {
        trackingId: fields.trackingId,
        at: fields.paidAt,
        method: fields.paymentMethod,
        onlyIf: undefined,
        sandboxKobo: fields.sandboxKobo,
      });
      const [row] = await tx.with(payable, ...ctes).select(rowColumnsOf(deliveries, paid)).from(paid);
      return row ?? null;
    },

    /**
     * markPaid for many deliveries in one statement (payableEachCte): each paid only if still payable at its own
     * price, with its own tracking id and sandbox share. The rows made paid, in no particular order.
     */
    async markPaidEach(
      each: readonly PayableEach[],
      fields: Pick<PaidFields, 'paymentMethod' | 'paidAt' | 'lockValidAt'>,
      tx: Executor = db,
    ): Promise<DeliveryRow[]> {
      if (each.length === 0) return [];
      const { payable, trackingId, sandboxKobo } = payableEachCte(tx, each, { lockValidAt: fields.lockValidAt ?? null });
      const { paid, ctes } = paidCtes(tx, payable, { trackingId, at: fields.paidAt, method: fields.paymentMethod, onlyIf: undefined, sandboxKobo });
      // (Drizzle cannot type a select from a CTE on the Executor union: the columns are the table's, as rowColumnsOf says.)
      return (await tx.with(payable, ...ctes).select(rowColumnsOf(deliveries, paid)).from(paid)) as DeliveryRow[];
    },

    /**
     * Pays for a delivery from the owner's wallet (prepareWalletPayment): the paid row and the wallet's balance
     * after, or why not: no longer payable at this price, or a balance that does not cover it.
     */
    async payFromWallet(
      payment: { deliveryId: string; userId: string; amountKobo: number; trackingId: string; description: string; at: Date },
      tx: Executor = db,
    ) {
      const [result] = await walletPaymentOn(tx).execute({ ...payment, paymentKey: `payment:${payment.deliveryId}` });
      if (!result) return { kind: 'not_payable' as const };
      if (!result.paid || result.balanceAfterKobo === null) return { kind: 'insufficient_balance' as const };
      return { kind: 'paid' as const, delivery: result.paid as DeliveryRow, balanceAfterKobo: result.balanceAfterKobo };
    },

    /** Sets a new pay link (its token's hash) and writes its SMS; false when the order is paid, ended or not pay-on-delivery. */
    async setPayLink(id: string, from: readonly DeliveryStatus[], tokenHash: string, message: Record<string, unknown>, tx: Executor = db) {
      const [row] = await payLinkOn(tx).execute({ id, from, tokenHash, ...message });
      return row !== undefined;
    },

    /** What a return cost its shipper, once it is back (decision 084): "Spent" adds it to the price. */
    async setReturnFee(id: string, feeKobo: number, tx: Executor) {
      await tx.update(deliveries).set({ returnFeeKobo: feeKobo }).where(eq(deliveries.id, id));
    },

    /** The delivery a pay link's token (hashed) belongs to (deliveries_cod_pay_token_key). */
    payTokenQuery: (tokenHash: string) => db.select().from(deliveries).where(eq(deliveries.codPayTokenHash, tokenHash)).limit(1),

    async findByPayTokenHash(tokenHash: string) {
      // The pay link's page and form read it on every visit: prepared once.
      const [row] = await (payTokenStatement ??= preparePayToken()).execute({ tokenHash });
      return row ?? null;
    },

    /** Pay on delivery for a shipper's wallet page: settled to them, and paid by receivers awaiting the hand-over. */
    async codTotals(userId: string) {
      const [row] = await db
        .select({ collectedKobo: deliveryTotals.codCollectedKobo, awaitingKobo: deliveryTotals.codAwaitingKobo })
        .from(deliveryTotals)
        .where(eq(deliveryTotals.userId, userId))
        .limit(1);
      return row ?? { collectedKobo: 0, awaitingKobo: 0 };
    },

    /** Whether the user has a live pay-on-delivery order: one entry of deliveries_user_mode_cod_idx at most. */
    hasCodOrdersQuery: (userId: string) =>
      db
        .select({ one: sql<number>`1` })
        .from(deliveries)
        .where(and(eq(deliveries.userId, userId), eq(deliveries.livemode, true), isNotNull(deliveries.codAmountKobo)))
        .limit(1),

    /** Moves a delivery from one status to another, in the caller's transaction; null when it was no longer in `from`. */
    async transitionStatus(id: string, from: readonly DeliveryStatus[], to: DeliveryStatus, tx: Executor = db) {
      const [row] = await tx
        .update(deliveries)
        .set({ status: to, updatedAt: new Date() })
        .where(and(eq(deliveries.id, id), inArray(deliveries.status, [...from])))
        .returning();
      return row ?? null;
    },

    /**
     * Moves a delivery from one status to the next and records the event, in one statement, with its history. Only
     * this driver's job when `target` names one. Null when nothing was in `from`.
     */
    async moveStatus(
      target: { id: string } | { number: number; driverId: string },
      from: readonly DeliveryStatus[],
      to: DeliveryStatus,
      note: string | null,
      at: Date,
      tx: Executor = db,
    ) {
      const [statement, which] = 'id' in target ? [moveOn.step(tx), { id: target.id }] : [moveOn.driverStep(tx), target];
      return move(statement, { ...which, from, status: to }, { status: to, note, at });
    },

    /**
     * Assigns (or reassigns) the driver and records it, with the receiver's message (outboxMessageValues; none is a
     * null recipient) in the same statement and the history back; null when the delivery is no longer in one of
     * `statuses` with this transport mode and the driver it was judged with (`judgedDriverId`).
     */
    async setDriver(
      target: { id: string; transportMode: string; judgedDriverId: string | null },
      driver: AssignedDriver,
      statuses: readonly DeliveryStatus[],
      receiverMessage: Record<string, unknown>,
      tx: Executor = db,
    ) {
      return move(
        moveOn.assign(tx),
        {
          ...target,
          ...receiverMessage,
          from: statuses,
          driverId: driver.userId,
          driverName: driver.name,
          driverPhone: driver.phone,
          driverRating: driver.ratingTenths,
          driverReviews: driver.reviews,
        },
        { status: 'driver_assigned', note: driver.name, at: new Date() },
      );
    },

    /**
     * Picked up, with the receiver's new handover code and the SMS carrying it (outboxMessageValues) in the same
     * statement and the history back; null when the delivery is no longer in `from`, with the driver it was judged
     * with, and without a code.
     */
    async pickUp(
      judged: { id: string; judgedDriverId: string },
      from: readonly DeliveryStatus[],
      to: DeliveryStatus,
      handoverCodeHash: string,
      receiverMessage: Record<string, unknown>,
      note: string | null,
      tx: Executor = db,
    ) {
      return move(moveOn.pickUp(tx), { ...judged, ...receiverMessage, from, status: to, handoverCodeHash }, { status: to, note, at: new Date() });
    },

    /** Out for delivery again after a failed attempt, as judged (its re-attempts so far); null when it changed meanwhile. */
    async reattempt(judged: { id: string; reattempts: number }, from: readonly DeliveryStatus[], note: string, tx: Executor = db) {
      const at = new Date();
      return move(
        moveOn.reattempt(tx),
        { id: judged.id, from, judgedReattempts: judged.reattempts, status: 'out_for_delivery', reattempts: judged.reattempts + 1, reattemptedAt: at },
        { status: 'out_for_delivery', note, at },
      );
    },

    /**
     * On its way back to the shipper, with a fresh hand-over code and the message carrying it (outboxMessageValues) in
     * the same statement; null when it was no longer in `from`.
     */
    async startReturn(id: string, from: readonly DeliveryStatus[], handoverCodeHash: string, message: Record<string, unknown>, note: string, tx: Executor = db) {
      return move(
        moveOn.return(tx),
        { id, ...message, from, status: 'returning', handoverCodeHash, handoverFailedAttempts: 0 },
        { status: 'returning', note, at: new Date() },
      );
    },

    /** Whether this user was ever the driver of the delivery (its history records the driver of each change). */
    async wasDriverOf(deliveryId: string, driverId: string): Promise<boolean> {
      const [found] = await db
        .select({ id: deliveryEvents.id })
        .from(deliveryEvents)
        .where(and(eq(deliveryEvents.deliveryId, deliveryId), eq(deliveryEvents.driverId, driverId)))
        .limit(1);
      return found !== undefined;
    },

    /** Failed attempts nobody decided on since `before`, the longest waiting first (deliveries_board_needs_decision_idx). */
    findUndecidedSince(before: Date, limit: number) {
      return db
        .select()
        .from(deliveries)
        .where(and(sql`paid_at is not null and status = 'failed_attempt'`, sql`${deliveries.updatedAt} < ${before.toISOString()}::timestamptz`))
        .orderBy(asc(deliveries.updatedAt), asc(deliveries.number))
        .limit(limit);
    },

    /**
     * One more wrong handover code on the row as judged (`codeHash`, the code it was judged against); the count after
     * it, or null when the row changed meanwhile (reassigned, handed over, out of attempts).
     */
    async countFailedHandover(
      judged: { id: string; codeHash: string | null },
      from: readonly DeliveryStatus[],
      maxAttempts: number,
      tx: Executor = db,
    ) {
      const [row] = await failedHandoverOn(tx).execute({ ...judged, from, maxAttempts, at: new Date() });
      return row ? row.attempts : null;
    },

    /**
     * Handed over (delivered, or returned to the shipper; the code forgotten, the proof kept) with the driver's earnings, in one statement: the
     * row with its history and the driver's wallet balance after the earnings (null when none were written). Null
     * when the row changed since it was judged (see MOVES.deliver); `codeHash` null for an operator's word.
     */
    async deliver(
      judged: { id: string; driverId: string; codeHash: string | null },
      from: readonly DeliveryStatus[],
      maxAttempts: number,
      record: { to: DeliveryStatus; proofKey: string | null; note: string },
      earnings: Record<string, unknown>,
      tx: Executor = db,
      /** A pay-on-delivery order's settlement, written by the same statement (MOVES.deliverCod). */
      settlement?: Record<string, unknown>,
    ) {
      const values = { ...judged, from, maxAttempts, ...earnings, ...settlement, status: record.to, handoverCodeHash: null, deliveryProofKey: record.proofKey };
      const event = { status: record.to, note: record.note, at: new Date() };
      const moved = settlement ? await move(moveOn.deliverCod(tx), values, event) : await move(moveOn.deliver(tx), values, event);
      if (!moved) return null;
      const balance = moved.earningBalanceAfter;
      const { settlementBalanceAfter, settlementOwedAfter } = moved as Partial<Record<'settlementBalanceAfter' | 'settlementOwedAfter', number | null>>;
      const settled =
        settlementBalanceAfter === undefined || settlementBalanceAfter === null
          ? null
          : { balanceAfterKobo: Number(settlementBalanceAfter), owedKobo: Number(settlementOwedAfter ?? 0) };
      // The cod_settled event is not a status: histories leave it out, as they did when it was written apart.
      return { row: moved.row, events: moved.events, earningsBalanceAfterKobo: balance === null ? null : Number(balance), settlement: settled };
    },

    /**
     * One keyset page of the dispatch board's tab (BOARD_TABS): up to `limit` rows after `after`, each with its
     * sort key as text for the next cursor. Pass `limit + 1` to learn whether more follow.
     */
    findBoardPage(filter: BoardFilter, after: DeliveryKey | null, limit: number, range: DateRangeInstants | null = null, driverId: string | null = null) {
      const scope = boardScope(filter, after, range, driverId);
      return db
        .select({ delivery: deliveries, cursorAt: scope.cursorAt })
        .from(deliveries)
        .where(scope.where)
        .orderBy(...scope.orderBy)
        .limit(limit);
    },

    /**
     * One keyset page of a driver's jobs: on the road, the next due (oldest payment) first; or delivered, the
     * latest first. Each scope has its partial index.
     */
    findDriverJobs(driverId: string, scope: 'active' | 'completed', after: DeliveryKey | null, limit: number) {
      const order = scope === 'active' ? keyset('paid_at', true, after) : keyset('updated_at', false, after);
      const rows = scope === 'active' ? sql`driver_id is not null and ${ACTIVE_JOB_STATUS_SQL}` : sql`status = 'delivered'`;
      return db
        .select({ delivery: deliveries, cursorAt: order.cursorAt })
        .from(deliveries)
        .where(and(eq(deliveries.driverId, driverId), rows, order.after))
        .orderBy(...order.orderBy)
        .limit(limit);
    },

    /**
     * The operator's home (decision 060): how many deliveries wait on the board's unassigned, active and
     * needs-a-decision tabs, each counted through its tab's partial index up to `cap` rows, in one statement.
     */
    boardCountsQuery: (cap: number) => sql`
      select ${cappedCount(deliveries, BOARD_TABS.unassigned.where, cap)} as unassigned,
        ${cappedCount(deliveries, BOARD_TABS.active.where, cap)} as active,
        ${cappedCount(deliveries, BOARD_TABS.needs_decision.where, cap)} as needs_decision`,

    async countBoardTabs(cap: number) {
      const counts = countsOf(await db.execute(this.boardCountsQuery(cap)), ['unassigned', 'active', 'needs_decision'] as const);
      return { unassigned: counts.unassigned, active: counts.active, needsDecision: counts.needs_decision };
    },

    /** A driver's jobs on the road, up to `cap` (the driver's home; deliveries_driver_active_idx). */
    driverActiveCountQuery: (driverId: string, cap: number) =>
      sql`select ${cappedCount(deliveries, sql`driver_id = ${driverId}::uuid and driver_id is not null and ${ACTIVE_JOB_STATUS_SQL}`, cap)} as active`,

    async countDriverActiveJobs(driverId: string, cap: number) {
      return countsOf(await db.execute(this.driverActiveCountQuery(driverId, cap)), ['active'] as const).active;
    },

    /** Deliveries assigned to each driver and not yet finished. */
    async countActiveJobs(driverIds: readonly string[], statuses: readonly DeliveryStatus[]) {
      if (driverIds.length === 0) return new Map<string, number>();
      const rows = await db
        .select({ driverId: deliveries.driverId, count: sql<number>`count(*)`.mapWith(Number) })
        .from(deliveries)
        .where(and(inArray(deliveries.driverId, [...driverIds]), inArray(deliveries.status, [...statuses])))
        .groupBy(deliveries.driverId);
      return new Map(rows.map((row) => [row.driverId!, row.count]));
    },

    /**
     * The history of several deliveries at once (a page of a list), each delivery's oldest event first: one index
     * range per delivery (delivery_events_delivery_idx, already in order), never a sort of them all.
     */
    async findEvents(deliveryIds: readonly string[]) {
      if (deliveryIds.length === 0) return [];
      const rows = await db.execute(eventsQuery(deliveryIds));
      return (rows as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
        deliveryId: row.delivery_id as string,
        status: row.status as string,
        note: (row.note as string | null) ?? null,
        driverId: (row.driver_id as string | null) ?? null,
        createdAt: new Date(row.created_at as string),
      }));
    },

    eventsQuery: (deliveryIds: readonly string[]) => eventsQuery(deliveryIds),

    /** The query findPage runs, with its values (for the plan test's registry). */
    pageQuery: ({ userId, livemode, display, after, limit, range = null }: OwnPage) =>
      pageQuery(display !== null, after !== null, { userId, livemode, display, afterAt: after?.at, afterNumber: after?.number, limit, ...range }, range !== null),

    /** The tracking lookup's query (for the plan test's registry). */
    trackingQuery: (owned: boolean) => prepareTracking(owned),

    /**
     * One keyset page of My Deliveries (OwnPage), newest first, each row with its sort key as text (`cursorAt`) for
     * the next cursor; a date range is served by the same index. No count: the list never totals a history.
     */
    async findPage({ userId, livemode, display, after, limit, range = null }: OwnPage) {
      const key = `${display ? 'status' : 'all'}:${after ? 'after' : 'first'}${range ? ':ranged' : ''}`;
      let statement = pageStatements.get(key);
      if (!statement) pageStatements.set(key, (statement = preparePage(display !== null, after !== null, range !== null)));
      return statement.execute({ userId, livemode, display, afterAt: after?.at, afterNumber: after?.number, limit, ...range });
    },

    /** Whether the owner has any test delivery: one probe of deliveries_merchant_idx (decision 079). */
    hasTestDeliveriesQuery: (userId: string) =>
      db
        .select({ one: sql<number>`1` })
        .from(deliveries)
        .where(and(eq(deliveries.userId, userId), eq(deliveries.livemode, false)))
        .limit(1),

    async hasTestDeliveries(userId: string): Promise<boolean> {
      return (await this.hasTestDeliveriesQuery(userId)).length > 0;
    },

    /**
     * One keyset page of the owner's pay-on-delivery orders in one mode, newest first (deliveries_user_mode_cod_idx),
     * optionally one status group (filtered among them) and a date range.
     */
    findCodPage({ userId, livemode, display, after, limit, range = null }: OwnPage) {
      return db
        .select({ ...listColumns, cursorAt: sql<string>`${deliveries.createdAt}::text`.as('cursor_at') })
        .from(deliveries)
        .where(
          and(
            eq(deliveries.userId, userId),
            eq(deliveries.livemode, livemode),
            isNotNull(deliveries.codAmountKobo),
            display ? sql`${DISPLAY_STATUS_SQL} = ${display}::text` : undefined,
            after ? sql`(${deliveries.createdAt}, ${deliveries.number}) < (${after.at}::timestamptz, ${after.number}::int)` : undefined,
            range ? withinRange(deliveries.createdAt, range.fromAt, range.toAt) : undefined,
          ),
        )
        .orderBy(desc(deliveries.createdAt), desc(deliveries.number))
        .limit(limit);
    },

    /** The customer's dashboard totals (schema deliveryTotals, kept by the database in every change's transaction). */
    summaryQuery: (userId: string) =>
      db
        .select({ active: deliveryTotals.active, delivered: deliveryTotals.delivered, spent: deliveryTotals.spentKobo })
        .from(deliveryTotals)
        .where(eq(deliveryTotals.userId, userId))
        .limit(1),

    async summarize(userId: string) {
      const [row] = await this.summaryQuery(userId);
      return row ?? { active: 0, delivered: 0, spent: 0 };
    },

    /** Spent on deliveries paid from `fromAt`, and from `splitAt` on (deliveries_user_paid_idx): two months of them. */
    spentSinceQuery: (userId: string, fromAt: Date, splitAt: Date) =>
      db
        .select({
          before: sql<number>`coalesce(sum(${spentOn}) filter (where ${deliveries.paidAt} < ${splitAt}), 0)`.mapWith(Number),
          after: sql<number>`coalesce(sum(${spentOn}) filter (where ${deliveries.paidAt} >= ${splitAt}), 0)`.mapWith(Number),
        })
        .from(deliveries)
        .where(and(spentOnBy(userId), gte(deliveries.paidAt, fromAt))),

    /** When the customer first paid for a delivery they did not cancel (deliveries_user_paid_idx, from its start). */
    firstSpentQuery: (userId: string) =>
      db.select({ paidAt: deliveries.paidAt }).from(deliveries).where(spentOnBy(userId)).orderBy(asc(deliveries.paidAt)).limit(1),

    /**
     * Spending for the wallet page (decision 084): this and last Lagos month, each delivery in the month it was paid,
     * all of it (the kept total, the dashboard's "Total Spent"), and when it began.
     */
    async spending(userId: string, thisMonthStart: Date, lastMonthStart: Date) {
      const [[months], [first], summary] = await Promise.all([
        this.spentSinceQuery(userId, lastMonthStart, thisMonthStart),
        this.firstSpentQuery(userId),
        this.summarize(userId),
      ]);
      return {
        thisMonthKobo: months?.after ?? 0,
        lastMonthKobo: months?.before ?? 0,
        totalKobo: summary.spent,
        firstSpentAt: first?.paidAt ?? null,
      };
    },

    /**
     * Every customer whose kept totals differ from a recount of their deliveries (a whole-table scan: for checks,
     * never for a request), with both.
     */
    async totalsDifferingFromRecount() {
      const recount = db.$with('recount').as(
        db
          .select({
            userId: deliveries.userId,
            active: sql<number>`count(*) filter (where ${ACTIVE_JOB_STATUS_SQL})::int`.as('counted_active'),
            delivered: sql<number>`count(*) filter (where ${deliveries.status} = 'delivered')::int`.as('counted_delivered'),
            spent: sql<number>`coalesce(sum(${spentOn}) filter (where ${deliveries.paidAt} is not null and ${deliveries.status} <> 'cancelled'), 0)::bigint`.as('counted_spent'),
            codCollected: sql<number>`coalesce(sum(${deliveries.codAmountKobo} - ${deliveries.codFeeKobo}) filter (where ${deliveries.status} = 'delivered'), 0)::bigint`.as('counted_cod_collected'),
            codAwaiting: sql<number>`coalesce(sum(${deliveries.codAmountKobo}) filter (where ${deliveries.codPaidAt} is not null and ${deliveries.status} not in ('delivered', 'returned', 'cancelled')), 0)::bigint`.as('counted_cod_awaiting'),
          })
          .from(deliveries)
          // Test-mode deliveries count in no total (decision 076).
          .where(eq(deliveries.livemode, true))
          .groupBy(deliveries.userId),
      );
      // (A CTE's computed columns are named apart from the totals' own: Drizzle writes them unqualified.)
      const rows = await db
        .with(recount)
        .select({
          userId: sql<string>`coalesce(${recount.userId}, ${deliveryTotals.userId})`,
          kept: {
            active: deliveryTotals.active,
            delivered: deliveryTotals.delivered,
            spent: deliveryTotals.spentKobo,
            codCollected: deliveryTotals.codCollectedKobo,
            codAwaiting: deliveryTotals.codAwaitingKobo,
          },
          counted: {
            active: recount.active,
            delivered: recount.delivered,
            spent: sql<number>`${recount.spent}`.mapWith(Number),
            codCollected: sql<number>`${recount.codCollected}`.mapWith(Number),
            codAwaiting: sql<number>`${recount.codAwaiting}`.mapWith(Number),
          },
        })
        .from(recount)
        .fullJoin(deliveryTotals, eq(deliveryTotals.userId, recount.userId))
        .where(
          sql`coalesce(${recount.active}, 0) <> coalesce(${deliveryTotals.active}, 0)
            or coalesce(${recount.delivered}, 0) <> coalesce(${deliveryTotals.delivered}, 0)
            or coalesce(${recount.spent}, 0) <> coalesce(${deliveryTotals.spentKobo}, 0)
            or coalesce(${recount.codCollected}, 0) <> coalesce(${deliveryTotals.codCollectedKobo}, 0)
            or coalesce(${recount.codAwaiting}, 0) <> coalesce(${deliveryTotals.codAwaitingKobo}, 0)`,
        );
      const none = { active: 0, delivered: 0, spent: 0, codCollected: 0, codAwaiting: 0 };
      return rows.map((row) => ({ userId: row.userId, kept: row.kept ?? none, counted: row.counted ?? none }));
    },

    async insertEvent(
      values: { deliveryId: string; status: string; note?: string; createdAt?: Date },
      tx: Executor = db,
    ) {
      await tx.insert(deliveryEvents).values(values);
    },
  };
}
export type DeliveriesRepository = ReturnType<typeof createDeliveriesRepository>;
