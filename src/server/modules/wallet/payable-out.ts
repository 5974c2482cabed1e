import { sql } from 'drizzle-orm';
import { wallets } from '../../db/schema/index.js';

/**
 * What may leave the platform in a withdrawal, as SQL over the wallet row. Sandbox (test) money may pay for
 * deliveries but never leave (decision 018 on main): when the wallets carry `sandbox_kobo`, this becomes
 * `balance_kobo - sandbox_kobo` (main's `payableOutKobo` in wallet-funds.ts). Without that column it is the balance.
 */
export const payableOutSql = sql`${wallets.balanceKobo}`;
