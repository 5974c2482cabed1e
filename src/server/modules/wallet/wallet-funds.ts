/**
 * Sandbox (test) money in a wallet: it entered through the sandbox gateway, so it may pay for deliveries
 * but never leave through a real payout (decision 018). A wallet tracks how much of its balance it is.
 */
export interface WalletFunds {
  balanceKobo: number;
  /** Unspent sandbox money; always between 0 and the balance. */
  sandboxKobo: number;
}

/** What a real (non-sandbox) payout may take: the balance less the unspent sandbox money. */
export function payableOutKobo(funds: WalletFunds): number {
  return Math.max(0, funds.balanceKobo - funds.sandboxKobo);
}

/**
 * How much of a debit is sandbox money. Real money is spent first, so sandbox money stays in the wallet
 * (and out of payouts) for as long as possible: only the part of the debit the real money cannot cover
 * is drawn from it. debitCte (wallet-statements.ts) applies the same rule in SQL: sandbox after = least(sandbox, balance - amount).
 */
export function sandboxPartOfDebit(funds: WalletFunds, amountKobo: number): number {
  return Math.min(funds.sandboxKobo, Math.max(0, amountKobo - payableOutKobo(funds)));
}
