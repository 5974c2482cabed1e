import { and, eq, inArray } from 'drizzle-orm';
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
