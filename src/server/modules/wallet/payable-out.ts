import { sql } from 'drizzle-orm';
import { wallets } from '../../db/schema/index.js';

/**
 * What may leave the platform in a withdrawal, as SQL over the wallet row: the balance less its unspent sandbox
 * money, which may pay for deliveries but never leaves through a real payout (decision 018; the same rule as
 * `payableOutKobo` in wallet-funds.ts).
 */
export const payableOutSql = sql`greatest(0, ${wallets.balanceKobo} - ${wallets.sandboxKobo})`;
