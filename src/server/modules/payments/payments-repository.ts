import { and, asc, eq, exists, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rowColumnsOf } from '../../db/insert-row.js';
import { preparedPerExecutor } from '../../db/prepared-per-executor.js';
import { deliveries, payments, users } from '../../db/schema/index.js';
import { codPaidCtes } from '../deliveries/delivery-statements.js';

export type PaymentRow = typeof payments.$inferSelect;
type DeliveryRow = typeof deliveries.$inferSelect;

/** A payment not yet completed, or failed or expired: a success may still come for it (see claimSucceeded). */
const CLAIMABLE_STATUSES = ['initiated', 'failed', 'expired'] as const;

/**
 * A receiver's pay-on-delivery payment settled in one statement (decision 053): claimed once (whoever comes first:
 * the way back, the webhook, the reconciler; a parallel one waits on the row and then finds it claimed), then into
 * the order's escrow while the parcel may still reach them (delivery-statements' codPaidCtes: the row, its event and
 * the escrow's posting), and the payment succeeded; or, when the order was paid before or has ended, reversed (given
 * back through the gateway after the commit), with nothing in the ledger.
 */
function prepareCodSettlement(db: Executor) {
  const p = sql.placeholder;
  const claimable = db.$with('claimable').as(
    db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.id, sql`${p('paymentId')}::uuid`), inArray(payments.status, [...CLAIMABLE_STATUSES])))
      .for('update'),
  );
  const { codPaid, ctes } = codPaidCtes(db, exists(db.select({ one: sql`1` }).from(claimable)));
  const claimed = db.$with('claimed').as(
    db
      .update(payments)
      .set({
        status: sql`case when ${exists(db.select({ one: sql`1` }).from(codPaid))} then 'succeeded' else 'reversed' end`,
        completedAt: sql`${p('at')}::timestamptz`,
        gatewayResponse: sql`${p('gatewayResponse')}::jsonb`,
      })
      .where(inArray(payments.id, db.select({ id: claimable.id }).from(claimable)))
      .returning({ status: payments.status }),
  );
  return db
    .with(claimable, ...ctes, claimed)
    .select({ status: claimed.status, delivery: rowColumnsOf(deliveries, codPaid) })
    .from(claimed)
    .leftJoin(codPaid, sql`true`)
    .prepare('payment_cod_settlement');
}

/** What a checkout's payment row is written with (openCheckout); the rest takes its defaults. */
export type NewCheckoutPayment = Pick<typeof payments.$inferInsert, 'reference' | 'userId' | 'deliveryId' | 'gateway' | 'amountKobo' | 'checkoutUrl'> & {
  purpose: PaymentRow['purpose'];
};

export function createPaymentsRepository(db: Executor) {
  const codSettlementOn = preparedPerExecutor(prepareCodSettlement);
  // The pay-on-delivery cycle's and the card payment's own statements, prepared once.
  const p = sql.placeholder;
  let insertStatement: ReturnType<typeof prepareInsert> | undefined;
  const prepareInsert = () =>
    db
      .insert(payments)
      .values({
        reference: p('reference'),
        userId: p('userId'),
        deliveryId: p('deliveryId'),
        purpose: p('purpose'),
        gateway: p('gateway'),
        amountKobo: p('amountKobo'),
        checkoutUrl: p('checkoutUrl'),
      })
      .returning()
      .prepare('payment_insert');
  let byReferenceStatement: ReturnType<typeof prepareByReference> | undefined;
  const prepareByReference = () => db.select().from(payments).where(eq(payments.reference, p('reference'))).limit(1).prepare('payment_by_reference');

  return {
    async insertPayment(values: NewCheckoutPayment) {
      const [row] = await (insertStatement ??= prepareInsert()).execute(values);
      return row!;
    },

    async findByReference(reference: string, tx?: Executor) {
      const [row] = tx
        ? await tx.select().from(payments).where(eq(payments.reference, reference)).limit(1)
        : await (byReferenceStatement ??= prepareByReference()).execute({ reference });
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
        .where(and(eq(payments.reference, reference), inArray(payments.status, [...CLAIMABLE_STATUSES])))
        .returning();
      return row ?? null;
    },

    /** The delivery's card checkout still open for this payer and amount, if any (payments_open_checkout_key: one at most). */
    async findOpenCheckout(open: { deliveryId: string; userId: string; amountKobo: number }) {
      const [row] = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.deliveryId, open.deliveryId),
            eq(payments.userId, open.userId),
            eq(payments.amountKobo, open.amountKobo),
            eq(payments.purpose, 'delivery'),
            eq(payments.status, 'initiated'),
          ),
        )
        .limit(1);
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

    /**
     * Settles a receiver's pay-on-delivery payment (prepareCodSettlement), with DeliveriesService.codPaid's values:
     * `succeeded` with the delivery it marked paid, `reversed` (no delivery), or null when it was claimed before.
     */
    async settleCod(paymentId: string, gatewayResponse: unknown, at: Date, codPaid: Record<string, unknown>, tx: Executor = db) {
      const [row] = await codSettlementOn(tx).execute({ paymentId, gatewayResponse: JSON.stringify(gatewayResponse ?? null), at, ...codPaid });
      if (!row) return null;
      return { status: row.status, delivery: (row.delivery as DeliveryRow | null) ?? null };
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
