import { describe, expect, it } from 'vitest';
import { formatKilometres, formatRating } from './units';

describe('numbers in the reader’s language', () => {
  it('writes a rating with one decimal as each language writes decimals', () => {
    expect(formatRating(4.5, 'en-US')).toBe('4.5');
    expect(formatRating(4, 'en-US')).toBe('4.0');
    expect(formatRating(4.46, 'fr')).toBe('4,5');
    expect(formatRating(3.25, 'de')).toBe('3,3');
    expect(formatRating(5, 'pt')).toBe('5,0');
  });

  it('writes distances in kilometres with the language’s decimal sign', () => {
    expect(formatKilometres(12_400, 'en-US')).toBe('12.4 km');
    expect(formatKilometres(12_400, 'es')).toBe('12,4 km');
  });
});
