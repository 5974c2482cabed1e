import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sandboxCharges } from '../../db/schema/index.js';

export function createSandboxRepository(db: Executor) {
  return {
    async insertCharge(values: { reference: string; amountKobo: number; email: string; callbackUrl: string; payerUserId: string | null }) {
      await db.insert(sandboxCharges).values({ ...values, open: values.payerUserId === null });
    },

    async findCharge(reference: string) {
      const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, reference)).limit(1);
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
      const [row] = await db
        .update(sandboxCharges)
        .set({ status })
        .where(and(eq(sandboxCharges.reference, reference), eq(sandboxCharges.status, 'pending'), openOnly ? eq(sandboxCharges.open, true) : undefined))
        .returning();
      return row ?? null;
    },
  };
}
export type SandboxRepository = ReturnType<typeof createSandboxRepository>;
