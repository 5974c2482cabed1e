import { describe, expect, it } from 'vitest';
import { formatDateTime, formatInstant, formatTime } from './lagos-time';

// 21:26 UTC is 22:26 in Lagos: what a device set to London, or a server in UTC, would otherwise show.
const AT = '2026-11-27T21:26:00Z';

describe('instants in Lagos time', () => {
  it('shows the Lagos clock whatever the device is set to', () => {
    expect(formatTime(AT, 'en-US')).toBe('10:26 PM');
    expect(formatDateTime(AT, 'en-US')).toBe('Nov 27, 2026, 10:26 PM');
    expect(formatInstant('2026-11-27T23:30:00Z', 'en-US', { dateStyle: 'medium' })).toBe('Nov 28, 2026');
  });

  it('gives back what is not a date as it came', () => {
    expect(formatDateTime('soon', 'fr')).toBe('soon');
  });
});
