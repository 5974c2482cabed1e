import { sql, type SQL } from 'drizzle-orm';
import { mapRow } from '../../db/map-row.js';
import { deliveries, deliveryEvents } from '../../db/schema/index.js';
import type { DeliveryRow } from './deliveries-repository.js';

/**
 * How a delivery becomes paid, the one definition: the wallet payment's single statement composes these with the
 * wallet's (wallet-statements.ts), and a card payment's settlement runs them on their own (the repository's
 * markPaid), so both paths write the same row change and the same first history event.
 */
export interface PayableFragment {
  deliveryId: string;
  amountKobo: number;
  /** Only within the price lock at this instant (a wallet payment); a card payment the gateway took settles anyway. */
  lockValidAt: Date | null;
}

/** `payable`: locks the delivery while it is still awaiting payment at this price (and within its price lock). */
export function payableCte({ deliveryId, amountKobo, lockValidAt }: PayableFragment): SQL {
  return sql`payable as (
    select id from ${deliveries}
    where id = ${deliveryId}::uuid and status = 'awaiting_payment' and total_kobo = ${amountKobo}::bigint
      ${lockValidAt ? sql`and price_locked_until >= ${lockValidAt}::timestamptz` : sql``}
    for update
  )`;
}

/**
 * `paid` (the paid row) and `history` (its first event), once `onlyIf` holds (e.g. the debit went through).
 * `sandboxKobo`: how much of the payment was sandbox money (an expression over the composed CTEs).
 */
export function paidCtes(input: { trackingId: string; at: Date; method: 'wallet' | 'card'; onlyIf: SQL; sandboxKobo: SQL }): SQL {
  const { trackingId, at, method, onlyIf, sandboxKobo } = input;
  return sql`paid as (
    update ${deliveries}
    set status = 'pending', payment_method = ${method}::text, tracking_id = ${trackingId}::text,
      paid_at = ${at}::timestamptz, updated_at = ${at}::timestamptz, paid_sandbox_kobo = ${sandboxKobo}
    where id in (select id from payable) and ${onlyIf}
    returning *
  ),
  history as (
    insert into ${deliveryEvents} (delivery_id, status, note, created_at)
    select paid.id, 'pending', ${`paid:${method}`}::text, ${at}::timestamptz from paid
  )`;
}

/** The paid row out of the statement's raw result (snake_case columns), or null. */
export function paidRowOf(raw: Record<string, unknown>): DeliveryRow | null {
  return raw.id ? mapRow(deliveries, raw) : null;
}
