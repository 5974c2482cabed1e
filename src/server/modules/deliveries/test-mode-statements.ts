import { and, eq, exists, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
import type { Value } from '../wallet/wallet-statements.js';

/**
 * Whether the delivery is a test-mode one (livemode false, booked with a test API key), as a condition of a composed
 * statement: its wallet payment then takes sandbox money only (walletDebitCtes' `sandboxOnly`).
 */
export function isTestDelivery(qb: Executor, deliveryId: Value<string>): SQL {
  return exists(qb.select({ one: sql`1` }).from(deliveries).where(and(eq(deliveries.id, sql`${deliveryId}::uuid`), eq(deliveries.livemode, false))));
}
