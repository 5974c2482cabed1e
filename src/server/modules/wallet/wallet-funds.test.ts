import { describe, expect, it } from 'vitest';
import { payableOutKobo, sandboxPartOfDebit } from './wallet-funds.js';

describe('wallet funds: what may leave through a real payout', () => {
  it('is the balance less the unspent sandbox money', () => {
    expect(payableOutKobo({ balanceKobo: 0, sandboxKobo: 0 })).toBe(0);
    expect(payableOutKobo({ balanceKobo: 500_000, sandboxKobo: 0 })).toBe(500_000);
    expect(payableOutKobo({ balanceKobo: 500_000, sandboxKobo: 500_000 })).toBe(0);
    expect(payableOutKobo({ balanceKobo: 500_000, sandboxKobo: 120_000 })).toBe(380_000);
  });

  it('a debit spends real money first; only what real money cannot cover is sandbox money', () => {
    const funds = { balanceKobo: 500_000, sandboxKobo: 200_000 };
    expect(sandboxPartOfDebit(funds, 100_000)).toBe(0);
    expect(sandboxPartOfDebit(funds, 300_000)).toBe(0);
    expect(sandboxPartOfDebit(funds, 300_001)).toBe(1);
    expect(sandboxPartOfDebit(funds, 500_000)).toBe(200_000);
    expect(sandboxPartOfDebit({ balanceKobo: 270_000, sandboxKobo: 270_000 }, 270_000)).toBe(270_000);
  });
});
