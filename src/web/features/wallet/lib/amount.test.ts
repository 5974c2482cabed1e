import { describe, expect, it } from 'vitest';
import { checkAmount, parseNairaToKobo } from './amount';

describe('parseNairaToKobo', () => {
  it.each([
    ['5000', 500_000],
    ['5,000', 500_000],
    ['₦5,000.50', 500_050],
    ['₦ 1,234.5', 123_450],
    [' 0.01 ', 1],
    ['1 000 000', 100_000_000],
    ['0012', 1_200],
    ['1234567.89', 123_456_789],
  ])('%s is %d kobo', (input, kobo) => {
    expect(parseNairaToKobo(input)).toEqual({ ok: true, kobo });
  });

  it.each(['', 'abc', '12abc', '0', '0.00', '-5', '+5', '1.005', '1.', '.5', '1e5', '12,34', '1,2345', 'NaN', 'Infinity', '99999999999999', '1'.repeat(400)])(
    '"%s" is not a valid amount',
    (input) => {
      expect(parseNairaToKobo(input)).toEqual({ ok: false, problem: 'invalid' });
    },
  );

  it('never loses a kobo to floating point', () => {
    expect(parseNairaToKobo('0.29')).toEqual({ ok: true, kobo: 29 });
    expect(parseNairaToKobo('1.15')).toEqual({ ok: true, kobo: 115 });
    expect(parseNairaToKobo('4,999,999,999.99')).toEqual({ ok: true, kobo: 499_999_999_999 });
  });
});

describe('checkAmount', () => {
  const rules = { minKobo: 10_000, maxKobo: 1_000_000, balanceKobo: 500_000 };

  it('checks validity, then the limits, then the balance', () => {
    expect(checkAmount('abc', rules)).toEqual({ ok: false, problem: 'invalid' });
    expect(checkAmount('99.99', rules)).toEqual({ ok: false, problem: 'belowMinimum' });
    expect(checkAmount('10,000.01', rules)).toEqual({ ok: false, problem: 'aboveMaximum' });
    expect(checkAmount('5,000.01', rules)).toEqual({ ok: false, problem: 'insufficient' });
    expect(checkAmount('5,000', rules)).toEqual({ ok: true, kobo: 500_000 });
    expect(checkAmount('100', rules)).toEqual({ ok: true, kobo: 10_000 });
  });

  it('has no balance check for a top-up', () => {
    expect(checkAmount('9,000', { minKobo: 100, maxKobo: 1_000_000 })).toEqual({ ok: true, kobo: 900_000 });
  });
});
