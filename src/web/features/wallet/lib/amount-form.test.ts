import { describe, expect, it } from 'vitest';
import { topUpBodySchema, WALLET_LIMITS } from '@/shared/schemas/wallet-money';
import { AMOUNT_MESSAGES } from './amount';
import { amountProblemOf, nairaAmountField } from './amount-form';

const amount = nairaAmountField(topUpBodySchema.shape.amountKobo);
const problem = (text: string) => amountProblemOf(amount.safeParse(text).error?.issues[0]?.message);

describe('nairaAmountField', () => {
  it('turns naira as typed into integer kobo', () => {
    expect(amount.parse('5,000')).toBe(500_000);
    expect(amount.parse('₦5,000.50')).toBe(500_050);
  });

  it('refuses with the shared schema’s words: not an amount, then the limits', () => {
    expect(problem('abc')).toBe('invalid');
    expect(problem('0')).toBe('invalid');
    expect(problem('50')).toBe('belowMinimum');
    expect(problem(String(WALLET_LIMITS.topUpMaxKobo / 100 + 1))).toBe('aboveMaximum');
    // However far beyond: the limit, with its amount, not "Invalid Amount".
    const absurd = amount.safeParse('99,999,999,999,999,999').error?.issues[0];
    expect([amountProblemOf(absurd?.message), (absurd as { params?: object } | undefined)?.params]).toEqual(['aboveMaximum', { amount: '₦5,000,000.00' }]);
  });

  it('names the problem of each amount message, and of nothing else', () => {
    expect(amountProblemOf(AMOUNT_MESSAGES.insufficient)).toBe('insufficient');
    expect(amountProblemOf('walletMoney.validation.somethingElse')).toBeUndefined();
    expect(amountProblemOf(undefined)).toBeUndefined();
  });
});
