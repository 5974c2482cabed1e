/**
 * Top-up and withdrawal limits, integer kobo. PLACEHOLDERS for the web until the wallet server lands: the
 * figures are the ones its branch proposes (WALLET_LIMITS in shared/schemas/wallet-money.ts, its decision 028);
 * at merge, point these names at WALLET_LIMITS or delete this file. The server decides; the web only checks first.
 */
export const TOP_UP_MIN_KOBO = 100_00;
export const TOP_UP_MAX_KOBO = 5_000_000_00;
export const WITHDRAWAL_MIN_KOBO = 100_00;
export const WITHDRAWAL_MAX_KOBO = 1_000_000_00;
