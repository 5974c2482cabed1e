import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sandboxCharges } from '../../db/schema/index.js';

type Charge = typeof sandboxCharges.$inferSelect;
const REMEMBERED_CHARGES = 10_000;

export function createSandboxRepository(db: Executor) {
  // The sandbox stands in for a hosted checkout on every pay-on-delivery and card payment: its statements are prepared once.
  const p = sql.placeholder;
  /**
   * The charges this instance made or decided lately, as it wrote them. A hosted gateway's page and verify cost its
   * own servers, not ours; the sandbox's should not double the database's work on the paths it stands in for. A
   * charge's terms never change and a decided status is final, so only a pending status may be stale (another
   * instance may have decided it), and only readers that can bear that take it (see findCharge).
   */
  const remembered = new Map<string, Charge>();
  const remember = (charge: Charge) => {
    remembered.delete(charge.reference);
    remembered.set(charge.reference, charge);
    if (remembered.size > REMEMBERED_CHARGES) remembered.delete(remembered.keys().next().value!);
    return charge;
  };
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
      .returning()
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
      const [row] = await (insertStatement ??= prepareInsert()).execute({ ...values, open: values.payerUserId === null });
      remember(row!);
    },

    /**
     * The charge. `pendingMayBeStale`: a remembered pending charge will do (the checkout's page and forms, whose
     * decision is conditional anyway); otherwise only a remembered decided one (verify, which reports the status).
     */
    async findCharge(reference: string, { pendingMayBeStale = false } = {}) {
      const known = remembered.get(reference);
      if (known && (known.status !== 'pending' || pendingMayBeStale)) return known;
      const [row] = await (findStatement ??= prepareFind()).execute({ reference });
      return row ? remember(row) : null;
    },

    /** A paid charge's money goes back to the payer, once. */
    async refundCharge(reference: string) {
      remembered.delete(reference);
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
      return row ? remember(row) : null;
    },
  };
}
export type SandboxRepository = ReturnType<typeof createSandboxRepository>;
