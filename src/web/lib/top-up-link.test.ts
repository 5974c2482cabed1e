import { describe, expect, it } from 'vitest';
import { proposedTopUpNaira, topUpLink } from './top-up-link';

const limits = { minKobo: 10_000, maxKobo: 100_000_000 };

describe('the top-up link for a shortfall', () => {
  it('carries the shortfall in kobo, and the dialog proposes it in whole naira, rounded up', () => {
    expect(topUpLink(7_971_050)).toBe('/dashboard/wallet?topUp=7971050');
    expect(proposedTopUpNaira('7971050', limits)).toBe(79_711);
  });

  it('keeps within the limits, and ignores what is not an amount', () => {
    expect(proposedTopUpNaira('1', limits)).toBe(100);
    expect(proposedTopUpNaira('999999999999', limits)).toBe(1_000_000);
    for (const bad of [null, '', '-5', '1e9', 'abc', '12.5']) expect(proposedTopUpNaira(bad, limits)).toBeNull();
  });
});
