import { describe, expect, it } from 'vitest';
import { parseNairaToKobo } from './amount';

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

  it.each(['', 'abc', '12abc', '0', '0.00', '-5', '+5', '1.005', '1.', '.5', '1e5', '12,34', '1,2345', 'NaN', 'Infinity'])(
    '"%s" is not a valid amount',
    (input) => {
      expect(parseNairaToKobo(input)).toEqual({ ok: false, problem: 'invalid' });
    },
  );

  it.each(['99999999999999', '1'.repeat(400), '99,999,999,999,999'])('"%s" is too large for any limit', (input) => {
    expect(parseNairaToKobo(input)).toEqual({ ok: false, problem: 'tooLarge' });
  });

  it('never loses a kobo to floating point', () => {
    expect(parseNairaToKobo('0.29')).toEqual({ ok: true, kobo: 29 });
    expect(parseNairaToKobo('1.15')).toEqual({ ok: true, kobo: 115 });
    expect(parseNairaToKobo('4,999,999,999.99')).toEqual({ ok: true, kobo: 499_999_999_999 });
  });
});
