import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sandboxCharges } from '../../db/schema/index.js';

export function createSandboxRepository(db: Executor) {
  // The sandbox stands in for a hosted checkout on every pay-on-delivery and card payment: its statements are prepared once.
  const p = sql.placeholder;
  let insertStatement: ReturnType<typeof prepareInsert> | undefined;
  const prepareInsert = () =>
    db
      .insert(sandboxCharges)
      .values({
        reference: p('reference'),
        amountKobo: p('amountKobo'),
        email: p('email'),
        callbackUrl: p('callbackUrl'),
        payerUserId: p('payerUserId'),
        open: p('open'),
      })
      .prepare('sandbox_charge_insert');
  let findStatement: ReturnType<typeof prepareFind> | undefined;
  const prepareFind = () => db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, p('reference'))).limit(1).prepare('sandbox_charge_by_reference');
  const decideStatements = new Map<boolean, ReturnType<typeof prepareDecide>>();
  const prepareDecide = (openOnly: boolean) =>
    db
      .update(sandboxCharges)
      .set({ status: sql`${p('status')}::text` })
      .where(and(eq(sandboxCharges.reference, p('reference')), eq(sandboxCharges.status, 'pending'), openOnly ? eq(sandboxCharges.open, true) : undefined))
      .returning()
      .prepare(openOnly ? 'sandbox_charge_decide_open' : 'sandbox_charge_decide');

  return {
    async insertCharge(values: { reference: string; amountKobo: number; email: string; callbackUrl: string; payerUserId: string | null }) {
      await (insertStatement ??= prepareInsert()).execute({ ...values, open: values.payerUserId === null });
    },

    async findCharge(reference: string) {
      const [row] = await (findStatement ??= prepareFind()).execute({ reference });
      return row ?? null;
    },

    /** A paid charge's money goes back to the payer, once. */
    async refundCharge(reference: string) {
      await db
        .update(sandboxCharges)
        .set({ refundedAt: new Date() })
        .where(and(eq(sandboxCharges.reference, reference), eq(sandboxCharges.status, 'success'), isNull(sandboxCharges.refundedAt)));
    },

    /** The payer decides once; later clicks change nothing. `openOnly`: only an open charge (anyone may pay it). */
    async decideCharge(reference: string, status: 'success' | 'failed', { openOnly = false } = {}) {
      let statement = decideStatements.get(openOnly);
      if (!statement) decideStatements.set(openOnly, (statement = prepareDecide(openOnly)));
      const [row] = await statement.execute({ reference, status });
      return row ?? null;
    },
  };
}
export type SandboxRepository = ReturnType<typeof createSandboxRepository>;
