import { describe, expect, it } from 'vitest';
import { firstNameOf, formatCalendarDate, formatNaira, todayIsoDate } from './format';
import { viewUrlOf } from './urls';

describe('format', () => {
  it('shows naira with thousands separators and two decimals', () => {
    expect(formatNaira(1_250_000)).toBe('₦12,500.00');
    expect(formatNaira(0)).toBe('₦0.00');
  });

  it('keeps a calendar date on its day whatever the time zone', () => {
    expect(formatCalendarDate('2026-03-01', 'en-US')).toBe('Mar 1, 2026');
  });

  it('gives the first name and today as YYYY-MM-DD', () => {
    expect(firstNameOf('  Adaeze  Okafor ')).toBe('Adaeze');
    expect(firstNameOf(undefined)).toBe('');
    expect(todayIsoDate(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});

describe('viewUrlOf', () => {
  it('opens tracking when paid and the preview while unpaid', () => {
    expect(viewUrlOf({ id: 'LF001', trackingId: 'LF-7KQ2-M9XD' })).toBe('/dashboard/tracking?id=LF-7KQ2-M9XD');
    expect(viewUrlOf({ id: 'LF002', trackingId: null })).toBe('/dashboard/delivery-preview?delivery=LF002');
  });
});
