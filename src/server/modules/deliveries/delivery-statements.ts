import { and, eq, exists, getTableColumns, gte, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { insertRow } from '../../db/insert-row.js';
import { deliveries, deliveryEvents } from '../../db/schema/index.js';
import { escrowCreditCtes, type Value } from '../wallet/wallet-statements.js';

/**
 * How a delivery becomes paid, the one definition, as typed parts of one statement: the wallet payment composes
 * them with the wallet's debit and posting (deliveries-repository's payFromWallet), a card payment's settlement runs
 * them on their own (markPaid), and a bulk import runs them for all its deliveries at once (markPaidEach), so each
 * writes the same row change and the same first history event.
 */
export interface Payable {
  deliveryId: Value<string>;
  amountKobo: Value<number>;
  /** Only within the price lock at this instant (a wallet payment); a card payment the gateway took settles anyway. */
  lockValidAt: Value<Date> | null;
  /** Only a prepaid order: the one-statement wallet payment posts its whole amount to revenue (no reserve). */
  prepaidOnly?: boolean;
}

/** What makes a delivery payable: still awaiting payment at this price (and within its price lock). */
function payableConditions(deliveryId: Value<string>, amountKobo: Value<number>, { lockValidAt, prepaidOnly = false }: Omit<Payable, 'deliveryId' | 'amountKobo'>) {
  return and(
    eq(deliveries.id, sql`${deliveryId}::uuid`),
    eq(deliveries.status, 'awaiting_payment'),
    // What is due: the delivery fee, and a pay-on-delivery order's return reserve (decision 053).
    sql`${deliveries.totalKobo} + coalesce(${deliveries.codReserveKobo}, 0) = ${amountKobo}::bigint`,
    lockValidAt === null ? undefined : gte(deliveries.priceLockedUntil, sql`${lockValidAt}::timestamptz`),
    prepaidOnly ? isNull(deliveries.codReserveKobo) : undefined,
  );
}

/** `payable`: locks the delivery while it is still awaiting payment at this price (and within its price lock). */
export function payableCte(qb: Executor, { deliveryId, amountKobo, ...rules }: Payable) {
  const payable = qb.$with('payable').as(
    qb.select({ id: deliveries.id }).from(deliveries).where(payableConditions(deliveryId, amountKobo, rules)).for('update'),
  );
  return { payable, isPayable: exists(qb.select({ one: sql`1` }).from(payable)) };
}

/** One delivery of a batch paid by one statement: its price, and what its payment sets on it. */
export interface PayableEach {
  deliveryId: string;
  amountKobo: number;
  trackingId: string;
  sandboxKobo: number;
}

/**
 * `payable` for many deliveries at once (a bulk import's, decision 055): each locked while payable by the same
 * conditions as one, with its own tracking id and sandbox share as `trackingId` and `sandboxKobo`, for `paidCtes`.
 */
export function payableEachCte(qb: Executor, each: readonly PayableEach[], rules: Omit<Payable, 'deliveryId' | 'amountKobo'>) {
  const given = sql`unnest(${sql.param(each.map((e) => e.deliveryId))}::uuid[], ${sql.param(each.map((e) => e.amountKobo))}::bigint[],
    ${sql.param(each.map((e) => e.trackingId))}::text[], ${sql.param(each.map((e) => e.sandboxKobo))}::bigint[])
    as payable_each(delivery_id, amount_kobo, tracking_id, sandbox_kobo)`;
  const payable = qb.$with('payable').as(
    qb
      .select({
        id: deliveries.id,
        // Named apart from the deliveries' own columns: the paid update reads them unqualified.
        trackingId: sql<string>`payable_each.tracking_id`.as('payable_tracking_id'),
        sandboxKobo: sql<number>`payable_each.sandbox_kobo`.as('payable_sandbox_kobo'),
      })
      .from(deliveries)
      .innerJoin(given, sql`${deliveries.id} = payable_each.delivery_id`)
      .where(payableConditions(sql`payable_each.delivery_id`, sql`payable_each.amount_kobo`, rules))
      .for('update', { of: deliveries }),
  );
  return { payable, trackingId: payable.trackingId, sandboxKobo: payable.sandboxKobo };
}

/**
 * `paid` (the paid rows) and their first events, once `onlyIf` holds (e.g. the debit went through). `sandboxKobo`: how
 * much of the payment was sandbox money. `trackingId` and `sandboxKobo` may be the columns of `payable` (payableEachCte),
 * so each delivery of a batch takes its own.
 */
export function paidCtes(
  qb: Executor,
  payable: ReturnType<typeof payableCte>['payable'] | ReturnType<typeof payableEachCte>['payable'],
  input: { trackingId: Value<string>; at: Value<Date>; method: 'wallet' | 'card'; onlyIf: SQL | undefined; sandboxKobo: Value<number> },
) {
  const at = sql`${input.at}::timestamptz`;
  const paid = qb.$with('paid').as(
    qb
      .update(deliveries)
      .set({
        status: 'pending',
        paymentMethod: input.method,
        trackingId: sql`${input.trackingId}::text`,
        paidAt: at,
        updatedAt: at,
        paidSandboxKobo: sql`${input.sandboxKobo}::bigint`,
      })
      .from(payable)
      .where(and(eq(payable.id, deliveries.id), input.onlyIf))
      // The deliveries' columns only: `payable`'s id would make `paid.id` ambiguous.
      .returning(getTableColumns(deliveries)),
  );
  const history = qb.$with('paid_history').as(
    qb.insert(deliveryEvents).select(
      qb.select(insertRow(deliveryEvents, { deliveryId: paid.id, status: 'pending', note: `paid:${input.method}`, createdAt: input.at })).from(paid),
    ),
  );
  return { paid, ctes: [paid, history] as const };
}

/**
 * How a pay-on-delivery order becomes paid by its receiver (decision 053), as typed parts of one statement: `codPaid`,
 * the row marked once, only while the parcel may still reach them (a status of `codFrom`) and when `onlyIf` holds;
 * its `cod_paid` event; and the escrow's posting, the gateway's clearing → cod_escrow (the wallet's escrowCreditCtes).
 * The payments module composes them into the statement that settles the receiver's payment. The placeholders are
 * DeliveriesService.codPaid's values.
 */
export function codPaidCtes(qb: Executor, onlyIf: SQL) {
  const p = sql.placeholder;
  const at = sql`${p('codPaidAt')}::timestamptz`;
  const codPaid = qb.$with('cod_paid').as(
    qb
      .update(deliveries)
      .set({ codPaidAt: at, updatedAt: at })
      .where(
        and(
          eq(deliveries.id, sql`${p('codDeliveryId')}::uuid`),
          sql`${deliveries.status} = any(${p('codFrom')}::text[])`,
          isNotNull(deliveries.codAmountKobo),
          isNull(deliveries.codPaidAt),
          onlyIf,
        ),
      )
      .returning(),
  );
  const logged = qb.$with('cod_paid_event').as(
    qb.insert(deliveryEvents).select(qb.select(insertRow(deliveryEvents, { deliveryId: codPaid.id, status: 'cod_paid', createdAt: p('codPaidAt') })).from(codPaid)),
  );
  return { codPaid, ctes: [codPaid, logged, ...escrowCreditCtes(qb, codPaid)] as const };
}
