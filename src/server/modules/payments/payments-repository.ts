import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { mapRow } from '../../db/map-row.js';
import {
  deliveries,
  deliveryEvents,
  ledgerEntries,
  notifications,
  payments,
  users,
  wallets,
} from '../../db/schema/index.js';

export interface WalletPayment {
  deliveryId: string;
  userId: string;
  amountKobo: number;
  trackingId: string;
  paidAt: Date;
  ledgerDescription: string;
  /** The deliveryPaid notification's parameters. */
  notificationParams: Record<string, string | number>;
}

export type WalletPaymentOutcome =
  | { kind: 'paid'; delivery: typeof deliveries.$inferSelect }
  | { kind: 'insufficient_balance' }
  /** Not awaiting payment at this price any more (paid meanwhile, cancelled, edited or expired). */
  | { kind: 'not_payable' };

export type PaymentRow = typeof payments.$inferSelect;

export function createPaymentsRepository(db: Executor) {
  return {
    /**
     * A wallet payment in one statement, so one round trip: lock the delivery if it is still payable at this
     * price, lock the wallet (its sandbox part before the debit is what the ledger records as spent), debit
     * only if the balance covers it, real money first (decision 018), then mark it paid and write the ledger
     * entry, the first history event and the notification. Each step feeds on the one before, so either all of it happens or
     * none; a parallel payment of the same delivery waits on the lock and then finds it no longer payable.
     */
    async payFromWallet(payment: WalletPayment): Promise<WalletPaymentOutcome> {
      const { deliveryId, userId, amountKobo, trackingId, paidAt } = payment;
      const result = await db.execute(sql`
        with payable as (
          select id from ${deliveries}
          where id = ${deliveryId}::uuid and status = 'awaiting_payment' and total_kobo = ${amountKobo}::bigint
            and price_locked_until >= ${paidAt}::timestamptz
          for update
        ),
        funds as (
          select sandbox_kobo from ${wallets}
          where user_id = ${userId}::uuid and exists (select 1 from payable)
          for update
        ),
        debit as (
          update ${wallets}
          set balance_kobo = balance_kobo - ${amountKobo}::bigint,
            sandbox_kobo = least(sandbox_kobo, balance_kobo - ${amountKobo}::bigint),
            updated_at = ${paidAt}::timestamptz
          where user_id = ${userId}::uuid and balance_kobo >= ${amountKobo}::bigint and exists (select 1 from funds)
          returning balance_kobo, sandbox_kobo
        ),
        paid as (
          update ${deliveries}
          set status = 'pending', payment_method = 'wallet', tracking_id = ${trackingId}::text,
            paid_at = ${paidAt}::timestamptz, updated_at = ${paidAt}::timestamptz
          where id in (select id from payable) and exists (select 1 from debit)
          returning *
        ),
        ledger as (
          insert into ${ledgerEntries}
            (user_id, amount_kobo, sandbox_kobo, balance_after_kobo, kind, description, delivery_id, idempotency_key)
          select ${userId}::uuid, ${-amountKobo}::bigint, debit.sandbox_kobo - funds.sandbox_kobo, debit.balance_kobo,
            'payment', ${payment.ledgerDescription}::text, paid.id, 'payment:' || paid.id
          from paid, debit, funds
        ),
        history as (
          insert into ${deliveryEvents} (delivery_id, status, note, created_at)
          select paid.id, 'pending', 'paid:wallet', ${paidAt}::timestamptz from paid
        ),
        notice as (
          insert into ${notifications} (user_id, type, message_key, params)
          select ${userId}::uuid, 'delivery', 'deliveryPaid', ${JSON.stringify(payment.notificationParams)}::jsonb
          from paid
        )
        select exists (select 1 from payable) as payable, paid.* from (select 1) as one left join paid on true
      `);
      const raw = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
      if (raw.id) return { kind: 'paid', delivery: mapRow(deliveries, raw) };
      return { kind: raw.payable ? 'insufficient_balance' : 'not_payable' };
    },

    async insertPayment(values: typeof payments.$inferInsert, tx: Executor = db) {
      const [row] = await tx.insert(payments).values(values).returning();
      return row!;
    },

    async setCheckoutUrl(id: string, checkoutUrl: string) {
      await db.update(payments).set({ checkoutUrl }).where(eq(payments.id, id));
    },

    async findByReference(reference: string, tx: Executor = db) {
      const [row] = await tx.select().from(payments).where(eq(payments.reference, reference)).limit(1);
      return row ?? null;
    },

    /**
     * Claims the completion: only one caller (verify, retry, webhook) sees a row come back. A failed
     * payment may still succeed later (the gateway is the source of truth); a succeeded one never repeats.
     */
    async claimSucceeded(reference: string, gatewayResponse: unknown, now: Date, tx: Executor = db) {
      const [row] = await tx
        .update(payments)
        .set({ status: 'succeeded', completedAt: now, gatewayResponse })
        .where(and(eq(payments.reference, reference), inArray(payments.status, ['initiated', 'failed'])))
        .returning();
      return row ?? null;
    },

    async markFailed(reference: string, gatewayResponse: unknown, now: Date) {
      await db
        .update(payments)
        .set({ status: 'failed', completedAt: now, gatewayResponse })
        .where(and(eq(payments.reference, reference), eq(payments.status, 'initiated')));
    },

    /** The gateway of the card payment that paid a delivery (at most one succeeds per delivery), if any. */
    async findSettledGateway(deliveryId: string, tx: Executor = db) {
      const [row] = await tx
        .select({ gateway: payments.gateway })
        .from(payments)
        .where(and(eq(payments.deliveryId, deliveryId), eq(payments.status, 'succeeded')))
        .limit(1);
      return row?.gateway ?? null;
    },

    async markRefunded(id: string, tx: Executor = db) {
      await tx.update(payments).set({ status: 'refunded' }).where(eq(payments.id, id));
    },

    async findPayerContact(userId: string) {
      const [row] = await db
        .select({ email: users.email, phone: users.phone, whatsappNumber: users.whatsappNumber })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row ?? null;
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
