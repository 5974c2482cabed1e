import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { payments, users } from '../../db/schema/index.js';

export type PaymentRow = typeof payments.$inferSelect;

export function createPaymentsRepository(db: Executor) {
  return {
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
        .where(and(eq(payments.reference, reference), inArray(payments.status, ['initiated', 'failed', 'expired'])))
        .returning();
      return row ?? null;
    },

    async markFailed(reference: string, gatewayResponse: unknown, now: Date) {
      await db
        .update(payments)
        .set({ status: 'failed', completedAt: now, gatewayResponse })
        .where(and(eq(payments.reference, reference), eq(payments.status, 'initiated')));
    },


    /**
     * Payments still initiated, created before `before`: those asked about longest ago first (never asked, first),
     * so a few that stay pending never keep the others from being asked.
     */
    findInitiatedBefore(before: Date, limit: number) {
      return db
        .select()
        .from(payments)
        .where(and(eq(payments.status, 'initiated'), lt(payments.createdAt, before)))
        .orderBy(sql`${payments.checkedAt} asc nulls first`, asc(payments.createdAt))
        .limit(limit);
    },

    async markChecked(id: string, now: Date) {
      await db.update(payments).set({ checkedAt: now }).where(eq(payments.id, id));
    },

    /** Still not paid when the gateway was asked a day on: expired (a late payment still settles, see claimSucceeded). */
    async markExpired(id: string, gatewayResponse: unknown, now: Date) {
      await db
        .update(payments)
        .set({ status: 'expired', completedAt: now, checkedAt: now, gatewayResponse })
        .where(and(eq(payments.id, id), eq(payments.status, 'initiated')));
    },

    async markRefunded(id: string, tx: Executor = db) {
      await tx.update(payments).set({ status: 'refunded' }).where(eq(payments.id, id));
    },

    /** A second pay-on-delivery payment, given back at the gateway: it never reached the ledger. */
    async markReversed(id: string, tx: Executor = db) {
      await tx.update(payments).set({ status: 'reversed' }).where(eq(payments.id, id));
    },

    /** Records what the gateway said when it gave the money back. */
    async recordRefund(id: string, gatewayResponse: unknown) {
      await db.update(payments).set({ gatewayResponse }).where(eq(payments.id, id));
    },

    /** The receiver's payment that filled a pay-on-delivery order's escrow (payments_delivery_idx), if any. */
    async findEscrowPayment(deliveryId: string, tx: Executor = db) {
      const [row] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.deliveryId, deliveryId), eq(payments.purpose, 'cod'), eq(payments.status, 'succeeded')))
        .limit(1);
      return row ?? null;
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
