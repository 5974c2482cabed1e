import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = Date.parse('2026-11-22T12:00:00.000Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('is "just now" for the last 45 seconds and for a clock slightly ahead', () => {
    expect(relativeTime(ago(0), now, 'en-US')).toEqual({ justNow: true });
    expect(relativeTime(ago(44), now, 'en-US')).toEqual({ justNow: true });
    expect(relativeTime(ago(-30), now, 'en-US')).toEqual({ justNow: true });
  });

  it.each([
    [45, '1 minute ago'],
    [5 * 60, '5 minutes ago'],
    [59 * 60 + 59, '59 minutes ago'],
    [60 * 60, '1 hour ago'],
    [23 * 60 * 60, '23 hours ago'],
    [24 * 60 * 60, 'yesterday'],
    [3 * 24 * 60 * 60, '3 days ago'],
    [14 * 24 * 60 * 60, '2 weeks ago'],
    [60 * 24 * 60 * 60, '2 months ago'],
    [400 * 24 * 60 * 60, 'last year'],
  ])('%i seconds ago reads "%s" in English', (seconds, text) => {
    expect(relativeTime(ago(seconds), now, 'en-US')).toEqual({ justNow: false, text });
  });

  it("speaks the reader's language", () => {
    expect(relativeTime(ago(5 * 60), now, 'fr')).toEqual({ justNow: false, text: 'il y a 5 minutes' });
    expect(relativeTime(ago(5 * 60), now, 'de')).toEqual({ justNow: false, text: 'vor 5 Minuten' });
    expect(relativeTime(ago(2 * 60 * 60), now, 'es')).toEqual({ justNow: false, text: 'hace 2 horas' });
  });

  it('shows an unreadable time as it came', () => {
    expect(relativeTime('not a date', now, 'en-US')).toEqual({ justNow: false, text: 'not a date' });
  });
});
