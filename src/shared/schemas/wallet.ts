import { z } from 'zod';

/** Integer kobo. */
export const walletSummarySchema = z.object({ balance: z.number().int() });
export type WalletSummary = z.infer<typeof walletSummarySchema>;
