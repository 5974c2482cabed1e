import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { prepareStatement, type PreparedStatement } from '../../db/prepared.js';
import { mapRow } from '../../db/map-row.js';
import { deliveries, deliveryEvents } from '../../db/schema/index.js';
import type { DeliveryStatus } from '../../../shared/schemas/deliveries.js';
import { ACTIVE_JOB_STATUSES } from './delivery-lifecycle.js';
import { DRIVER_EARNINGS_BALANCE_AFTER, driverEarningsCtes } from '../wallet/wallet-statements.js';
import { outboxMessageCte } from '../messages/outbox-statements.js';
import { paidCtes, paidRowOf, payableCte } from './delivery-statements.js';

export type DeliveryRow = typeof deliveries.$inferSelect;
type NewDelivery = typeof deliveries.$inferInsert;

/** What a booking writes: every one of these, always (the prepared insert has a placeholder for each). */
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
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof NewDelivery)[];
export type NewBooking = { [K in (typeof BOOKING_COLUMNS)[number]]: NewDelivery[K] };
/** The columns a list row needs (delivery-view's toDeliveryListItem). */
const listColumns = {
  number: deliveries.number,
  trackingId: deliveries.trackingId,
  pickupLocation: deliveries.pickupLocation,
  dropoffLocation: deliveries.dropoffLocation,
  status: deliveries.status,
  totalKobo: deliveries.totalKobo,
  paidAt: deliveries.paidAt,
  createdAt: deliveries.createdAt,
  // What the estimated delivery is computed from.
  distanceMeters: deliveries.distanceMeters,
  interstate: deliveries.interstate,
  transportMode: deliveries.transportMode,
  deliveryType: deliveries.deliveryType,
  deliveryDate: deliveries.deliveryDate,
  deliveryTime: deliveries.deliveryTime,
};
export type DeliveryListRow = Pick<DeliveryRow, keyof typeof listColumns>;
export type DeliveryEventRow = Pick<typeof deliveryEvents.$inferSelect, 'status' | 'createdAt'>;

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
export type BoardFilter = 'unassigned' | 'active' | 'delivered' | 'cancelled' | 'all';

function boardConditions(filter: BoardFilter): SQL[] {
  switch (filter) {
    case 'unassigned':
      return [eq(deliveries.status, 'pending'), isNull(deliveries.driverId)];
    case 'active':
      return [isNotNull(deliveries.driverId), inArray(deliveries.status, [...ACTIVE_JOB_STATUSES])];
    case 'delivered':
      return [eq(deliveries.status, 'delivered')];
    case 'cancelled':
      return [eq(deliveries.status, 'cancelled')];
    case 'all':
      return [];
  }
}

/**
 * An update of one delivery and the event that records it, in one statement (a data-modifying CTE: no extra round
 * trip, and atomic without a transaction), with the delivery's history back: every event, oldest first (the new one
 * is added by `move`). Each column in `columns` takes the placeholder of its field's name; the event takes
 * `eventStatus`, `eventNote` and `at` (also the row's updated_at). No row when `where` matched nothing.
 */
function moveStatement(
  label: string,
  where: SQL,
  columns: readonly (keyof NewDelivery)[],
  /** More writes that follow from `changed` (another module's fragment), and the columns they add to the result. */
  then?: { ctes: SQL; columns?: SQL },
) {
  const assignments = sql.join(
    [...columns, 'updatedAt' as const].map((key) =>
      sql`${sql.identifier(deliveries[key].name)} = ${sql.placeholder(key === 'updatedAt' ? 'at' : key)}`,
    ),
    sql`, `,
  );
  return prepareStatement(
    label,
    sql`
      with changed as (update ${deliveries} set ${assignments} where ${where} returning *),
      logged as (
        insert into ${deliveryEvents} (delivery_id, status, note, created_at)
        select changed.id, ${sql.placeholder('eventStatus')}::text, ${sql.placeholder('eventNote')}::text,
          ${sql.placeholder('at')}::timestamptz
        from changed
      )${then ? sql`, ${then.ctes}` : sql``}
      select changed.*, ${then?.columns ? sql`${then.columns}, ` : sql``}coalesce((
        -- The statement's snapshot does not see the event it inserts.
        select json_agg(json_build_object('status', e.status, 'note', e.note, 'at', e.created_at) order by e.created_at, e.id)
        from ${deliveryEvents} e where e.delivery_id = changed.id
      ), '[]'::json) as history
      from changed`,
  );
}

const statusIn = (name: string) => sql`${deliveries.status} = any(${sql.placeholder(name)}::text[])`;
const byId = eq(deliveries.id, sql.placeholder('id'));

/** The moves of the lifecycle: by an operator (the delivery's id), by its driver (number and driver), assignment, hand-over. */
const MOVES = {
  step: moveStatement('delivery_step', and(byId, statusIn('from'))!, ['status']),
  driverStep: moveStatement(
    'delivery_driver_step',
    and(eq(deliveries.number, sql.placeholder('number')), eq(deliveries.driverId, sql.placeholder('driverId')), statusIn('from'))!,
    ['status'],
  ),
  /** A (re)assignment, with the receiver's message carrying the new code in the same statement. */
  assign: moveStatement(
    'delivery_assign',
    and(byId, eq(deliveries.transportMode, sql.placeholder('transportMode')), statusIn('from'))!,
    ['driverId', 'driverName', 'driverPhone', 'driverRating', 'driverReviews', 'handoverCodeHash', 'handoverFailedAttempts'],
    { ctes: sql`receiver_message as (${outboxMessageCte('changed')})` },
  ),
  /**
   * Handed over, with the driver's earnings in the same statement. Only if nothing changed since the caller judged
   * the row: the same driver and, for a code (`codeHash` set), the same code with attempts left.
   */
  deliver: moveStatement(
    'delivery_deliver',
    and(
      byId,
      statusIn('from'),
      eq(deliveries.driverId, sql.placeholder('driverId')),
      sql`(${sql.placeholder('codeHash')}::text is null or (${deliveries.handoverCodeHash} = ${sql.placeholder('codeHash')}::text
        and ${deliveries.handoverFailedAttempts} < ${sql.placeholder('maxAttempts')}::int))`,
    )!,
    ['status', 'handoverCodeHash', 'deliveryProofKey'],
    { ctes: driverEarningsCtes('changed'), columns: sql`${DRIVER_EARNINGS_BALANCE_AFTER} as earning_balance_after` },
  ),
};

const findByNumberStatement = prepareStatement(
  'delivery_by_number',
  sql`select * from ${deliveries} where ${deliveries.number} = ${sql.placeholder('number')} limit 1`,
);

/** One more wrong code, only while it is still the code judged and attempts are left; the count after it. */
const countFailedHandoverStatement = prepareStatement<{ attempts: number }>(
  'delivery_handover_failed',
  sql`update ${deliveries}
    set handover_failed_attempts = handover_failed_attempts + 1, updated_at = ${sql.placeholder('at')}::timestamptz
    where id = ${sql.placeholder('id')}::uuid and status = any(${sql.placeholder('from')}::text[])
      and handover_code_hash is not distinct from ${sql.placeholder('codeHash')}::text
      and handover_failed_attempts < ${sql.placeholder('maxAttempts')}::int
    returning handover_failed_attempts as attempts`,
);

export function createDeliveriesRepository(db: Executor) {
  /**
   * My Deliveries is the hottest read: one prepared statement per status filter skips query building here and
   * parsing and planning in PostgreSQL. The filters are a fixed handful, so the set stays small.
   */
  const pageStatements = new Map<string, ReturnType<typeof preparePage>>();
  let trackingStatement: ReturnType<typeof prepareTracking> | undefined;
  let publicTrackingStatement: ReturnType<typeof prepareTracking> | undefined;
  let insertStatement: ReturnType<typeof prepareInsert> | undefined;
  let ownedStatement: ReturnType<typeof prepareOwned> | undefined;

  /** Booking and paying are the hot writes: their statements are built once, not on every call. */
  function prepareInsert() {
    const values = Object.fromEntries(BOOKING_COLUMNS.map((column) => [column, sql.placeholder(column)]));
    return db
      .insert(deliveries)
      .values(values as unknown as NewDelivery)
      .returning()
      .prepare('insert_delivery');
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

  function preparePage(statuses: readonly DeliveryStatus[] | null) {
    const owner = eq(deliveries.userId, sql.placeholder('userId'));
    return db
      .select({ ...listColumns, total: sql<number>`count(*) over()`.mapWith(Number) })
      .from(deliveries)
      .where(statuses ? and(owner, inArray(deliveries.status, [...statuses])) : owner)
      .orderBy(desc(deliveries.createdAt), desc(deliveries.number))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`deliveries_page_${statuses ? statuses.join('_') : 'all'}`);
  }

  /** Tracking is the other hot read: the delivery and its status history in one prepared round trip. */
  function prepareTracking(owned: boolean) {
    const byTrackingId = eq(deliveries.trackingId, sql.placeholder('trackingId'));
    return db
      .select({
        delivery: deliveries,
        // The outer column is qualified by hand: Drizzle renders it bare, which here would mean delivery_events.id.
        events: sql<{ status: string; at: string }[]>`coalesce((
          select json_agg(json_build_object('status', e.status, 'at', e.created_at) order by e.created_at)
          from ${deliveryEvents} e where e.delivery_id = "deliveries"."id"
        ), '[]'::json)`,
      })
      .from(deliveries)
      .where(owned ? and(byTrackingId, eq(deliveries.userId, sql.placeholder('userId'))) : byTrackingId)
      .limit(1)
      .prepare(owned ? 'delivery_by_tracking_id' : 'delivery_by_tracking_id_public');
  }

  /** Runs one of MOVES: the row and its history with the new event last, or null when nothing matched. */
  async function move(
    statement: PreparedStatement<Record<string, unknown>>,
    values: Record<string, unknown>,
    event: { status: string; note: string | null; at: Date },
    tx: Executor = db,
  ) {
    const [raw] = await statement.rows(tx, { ...values, eventStatus: event.status, eventNote: event.note, at: event.at });
    if (!raw) return null;
    const earlier = (raw.history as { status: string; note: string | null; at: string }[]).map((e) => ({
      status: e.status,
      note: e.note,
      createdAt: new Date(e.at),
    }));
    return {
      row: mapRow(deliveries, raw),
      events: [...earlier, { status: event.status, note: event.note, createdAt: event.at }],
      raw,
    };
  }

  return {
    /** Which of these storage keys are a delivery's proof photo. */
    async proofKeysAmong(keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db.select({ key: deliveries.deliveryProofKey }).from(deliveries).where(inArray(deliveries.deliveryProofKey, [...keys]));
      return new Set(rows.flatMap((row) => (row.key ? [row.key] : [])));
    },

    /** In the booking's transaction when given (it also uses the quote), else as one prepared statement. */
    async insertDelivery(values: NewBooking, tx?: Executor) {
      if (tx) {
        const [inserted] = await tx.insert(deliveries).values(values).returning();
        return inserted!;
      }
      insertStatement ??= prepareInsert();
      const [row] = await insertStatement.execute(values);
      return row!;
    },

    /** With a user: only theirs. Without (operators): any. */
    async findByNumber(number: number, userId: string | null) {
      if (userId) {
        ownedStatement ??= prepareOwned();
        const [row] = await ownedStatement.execute({ number, userId });
        return row ?? null;
      }
      const [raw] = await findByNumberStatement.rows(db, { number });
      return raw ? mapRow(deliveries, raw) : null;
    },

    async findById(id: string, tx: Executor = db) {
      const [row] = await tx.select().from(deliveries).where(eq(deliveries.id, id)).limit(1);
      return row ?? null;
    },

    /** With a user: only theirs. Without (the public tracking page): any. */
    async findByTrackingIdWithEvents(trackingId: string, userId: string | null) {
      const [row] = userId
        ? await (trackingStatement ??= prepareTracking(true)).execute({ trackingId, userId })
        : await (publicTrackingStatement ??= prepareTracking(false)).execute({ trackingId });
      if (!row) return null;
      const events = row.events.map((e) => ({ status: e.status, createdAt: new Date(e.at) }));
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

    /** Conditional: only an unpaid delivery at the expected price becomes paid; null otherwise. */
    async markPaid(id: string, fields: PaidFields, tx: Executor = db) {
      const result = await tx.execute(sql`
        with ${payableCte({ deliveryId: id, amountKobo: fields.expectedTotalKobo, lockValidAt: fields.lockValidAt ?? null })},
        ${paidCtes({
          trackingId: fields.trackingId,
          at: fields.paidAt,
          method: fields.paymentMethod,
          onlyIf: sql`true`,
          sandboxKobo: sql`${fields.sandboxKobo}::bigint`,
        })}
        select paid.* from paid`);
      const [raw] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
      return raw ? paidRowOf(raw) : null;
    },

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
    ) {
      const [statement, which] = 'id' in target ? [MOVES.step, { id: target.id }] : [MOVES.driverStep, target];
      return move(statement, { ...which, from, status: to }, { status: to, note, at });
    },

    /**
     * Assigns (or reassigns) the driver with a fresh handover code and records it, with the receiver's message
     * (outboxMessageValues) in the same statement and the history back; null when the delivery is no longer in one
     * of `statuses` with this transport mode.
     */
    async setDriver(
      target: { id: string; transportMode: string },
      driver: AssignedDriver,
      handoverCodeHash: string,
      statuses: readonly DeliveryStatus[],
      receiverMessage: Record<string, unknown>,
    ) {
      return move(
        MOVES.assign,
        {
          ...target,
          ...receiverMessage,
          from: statuses,
          driverId: driver.userId,
          driverName: driver.name,
          driverPhone: driver.phone,
          driverRating: driver.ratingTenths,
          driverReviews: driver.reviews,
          handoverCodeHash,
          handoverFailedAttempts: 0,
        },
        { status: 'driver_assigned', note: driver.name, at: new Date() },
      );
    },

    /**
     * One more wrong handover code on the row as judged (`codeHash`, the code it was judged against); the count after
     * it, or null when the row changed meanwhile (reassigned, handed over, out of attempts).
     */
    async countFailedHandover(judged: { id: string; codeHash: string | null }, from: readonly DeliveryStatus[], maxAttempts: number) {
      const [row] = await countFailedHandoverStatement.rows(db, { ...judged, from, maxAttempts, at: new Date() });
      return row ? Number(row.attempts) : null;
    },

    /**
     * Handed over (delivered, the code forgotten, the proof kept) with the driver's earnings, in one statement: the
     * row with its history and the driver's wallet balance after the earnings (null when none were written). Null
     * when the row changed since it was judged (see MOVES.deliver); `codeHash` null for an operator's word.
     */
    async deliver(
      judged: { id: string; driverId: string; codeHash: string | null },
      from: readonly DeliveryStatus[],
      maxAttempts: number,
      record: { proofKey: string | null; note: string },
      earnings: Record<string, unknown>,
    ) {
      const moved = await move(
        MOVES.deliver,
        { ...judged, from, maxAttempts, ...earnings, status: 'delivered', handoverCodeHash: null, deliveryProofKey: record.proofKey },
        { status: 'delivered', note: record.note, at: new Date() },
      );
      if (!moved) return null;
      const balance = moved.raw.earning_balance_after;
      return { row: moved.row, events: moved.events, earningsBalanceAfterKobo: balance === null ? null : Number(balance) };
    },

    /** Paid deliveries for the dispatch board, oldest payment first (who has waited longest comes first). */
    async findBoardPage(filter: BoardFilter, limit: number, offset: number) {
      const where = and(isNotNull(deliveries.paidAt), ...boardConditions(filter));
      const rows = await db
        .select({ delivery: deliveries, total: sql<number>`count(*) over()`.mapWith(Number) })
        .from(deliveries)
        .where(where)
        .orderBy(filter === 'unassigned' || filter === 'active' ? asc(deliveries.paidAt) : desc(deliveries.updatedAt), desc(deliveries.number))
        .limit(limit)
        .offset(offset);
      if (rows.length > 0 || offset === 0) return { rows: rows.map((r) => r.delivery), total: rows[0]?.total ?? 0 };
      const [count] = await db.select({ total: sql<number>`count(*)`.mapWith(Number) }).from(deliveries).where(where);
      return { rows: [], total: count?.total ?? 0 };
    },

    /** A driver's jobs in these statuses, the next due first. */
    async findDriverJobs(driverId: string, statuses: readonly DeliveryStatus[], limit: number) {
      return db
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.driverId, driverId), inArray(deliveries.status, [...statuses])))
        .orderBy(statuses.includes('delivered') ? desc(deliveries.updatedAt) : asc(deliveries.paidAt))
        .limit(limit);
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

    /** The history of several deliveries at once, oldest event first. */
    async findEvents(deliveryIds: readonly string[]) {
      if (deliveryIds.length === 0) return [];
      return db
        .select({ deliveryId: deliveryEvents.deliveryId, status: deliveryEvents.status, note: deliveryEvents.note, createdAt: deliveryEvents.createdAt })
        .from(deliveryEvents)
        .where(inArray(deliveryEvents.deliveryId, [...deliveryIds]))
        .orderBy(asc(deliveryEvents.createdAt), asc(deliveryEvents.id));
    },

    /** One page, newest first, with the total from the same scan (a window count). */
    async findPage(userId: string, statuses: readonly DeliveryStatus[] | null, limit: number, offset: number) {
      const where = statuses
        ? and(eq(deliveries.userId, userId), inArray(deliveries.status, [...statuses]))
        : eq(deliveries.userId, userId);
      const key = statuses ? statuses.join(',') : '';
      let statement = pageStatements.get(key);
      if (!statement) pageStatements.set(key, (statement = preparePage(statuses)));
      const rows = await statement.execute({ userId, limit, offset });
      if (rows.length > 0 || offset === 0) return { items: rows, total: rows[0]?.total ?? 0 };
      const [count] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(deliveries)
        .where(where);
      return { items: [], total: count?.total ?? 0 };
    },

    async summarize(userId: string) {
      const [row] = await db
        .select({
          active:
            sql<number>`count(*) filter (where ${deliveries.status} in ('picked_up', 'in_transit', 'out_for_delivery'))`.mapWith(
              Number,
            ),
          delivered: sql<number>`count(*) filter (where ${deliveries.status} = 'delivered')`.mapWith(Number),
          spent:
            sql<number>`coalesce(sum(${deliveries.totalKobo}) filter (where ${deliveries.paidAt} is not null and ${deliveries.status} <> 'cancelled'), 0)`.mapWith(
              Number,
            ),
        })
        .from(deliveries)
        .where(eq(deliveries.userId, userId));
      return row ?? { active: 0, delivered: 0, spent: 0 };
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
