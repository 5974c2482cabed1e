import { z } from 'zod';

/**
 * A list's date range (issue 24): `?from=YYYY-MM-DD&to=YYYY-MM-DD`, either or both, whole days in Lagos time
 * (WAT, UTC+1 all year, no daylight saving), both ends included. The server turns it into instants
 * (`dateRangeInstants`), a range on the column the list is sorted by, so the list's own index serves it
 * (decision 057).
 */
export const DATE_RANGE_MESSAGE_KEYS = {
  order: 'validation.dateRange.order',
  day: 'validation.dateRange.day',
} as const;

/** Nothing was booked before the service began. */
export const DATE_RANGE_EARLIEST = '2020-01-01';
/** A range may reach to the end of the year this many years from now (an end in the future is harmless). */
export const DATE_RANGE_YEARS_AHEAD = 5;

export interface DateRangeBounds {
  earliest: string;
  latest: string;
}

/**
 * The days a range may name, in Lagos days: 1 January 2020 to the end of the year DATE_RANGE_YEARS_AHEAD from now.
 * Outside them nobody means a day (1900, 9999), and far ones would not survive the instants' arithmetic.
 */
export function dateRangeBounds(now: Date = new Date()): DateRangeBounds {
  const year = Number(lagosDayOf(now).slice(0, 4)) + DATE_RANGE_YEARS_AHEAD;
  return { earliest: DATE_RANGE_EARLIEST, latest: `${year}-12-31` };
}

/** A real calendar day written YYYY-MM-DD (no 30 February). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Whether one end of a range is a day within the bounds: the same test on the form, in the address and on the server. */
export function isDateRangeDay(value: string, bounds: DateRangeBounds = dateRangeBounds()): boolean {
  return isCalendarDay(value) && value >= bounds.earliest && value <= bounds.latest;
}

export interface DateRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** What is wrong with each end of a range, as message keys: a day out of bounds on its own field, an end before the start on `to`. */
export function dateRangeProblems(range: DateRange, bounds: DateRangeBounds = dateRangeBounds()): { from?: string; to?: string } {
  const problems: { from?: string; to?: string } = {};
  if (range.from && !isDateRangeDay(range.from, bounds)) problems.from = DATE_RANGE_MESSAGE_KEYS.day;
  if (range.to && !isDateRangeDay(range.to, bounds)) problems.to = DATE_RANGE_MESSAGE_KEYS.day;
  else if (range.from && range.to && !problems.from && range.from > range.to) problems.to = DATE_RANGE_MESSAGE_KEYS.order;
  return problems;
}

const day = z
  .string()
  .max(10, DATE_RANGE_MESSAGE_KEYS.day)
  .superRefine((value, ctx) => {
    const bounds = dateRangeBounds();
    if (!isDateRangeDay(value, bounds)) ctx.addIssue({ code: 'custom', message: DATE_RANGE_MESSAGE_KEYS.day, params: { ...bounds } });
  });

export const dateRangeShape = { from: day.optional(), to: day.optional() };

/** A `from` after `to` names no day: refused, with the message on `to` (the field a person corrects). */
export function refineDateRange(range: DateRange, ctx: z.RefinementCtx) {
  if (dateRangeProblems(range).to === DATE_RANGE_MESSAGE_KEYS.order) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: DATE_RANGE_MESSAGE_KEYS.order });
  }
}

/** `?from=&to=` alone (an export's query, a search's). */
export const dateRangeQuerySchema = z.object(dateRangeShape).superRefine(refineDateRange);

const LAGOS_OFFSET = '+01:00';

/** The first instant of a Lagos day. */
export function lagosDayStart(date: string): string {
  return new Date(`${date}T00:00:00${LAGOS_OFFSET}`).toISOString();
}

/** The first instant of the Lagos day after this one. */
export function lagosNextDayStart(date: string): string {
  return new Date(new Date(`${date}T00:00:00${LAGOS_OFFSET}`).getTime() + 24 * 60 * 60 * 1000).toISOString();
}

/**
 * The range as instants, `from` included and `to` excluded; null when the range is open on both ends (no filter).
 * An open end is an infinite timestamp, so a ranged statement has one shape whichever ends are given.
 */
export interface DateRangeInstants {
  fromAt: string;
  toAt: string;
}

export function dateRangeInstants(range: DateRange): DateRangeInstants | null {
  if (!range.from && !range.to) return null;
  return {
    fromAt: range.from ? lagosDayStart(range.from) : '-infinity',
    toAt: range.to ? lagosNextDayStart(range.to) : 'infinity',
  };
}

/** Whether a list is narrowed to a range (for cache keys and the web's empty states). */
export const hasDateRange = (range: DateRange) => Boolean(range.from || range.to);

/** The Lagos calendar day (YYYY-MM-DD) an instant falls on. */
export function lagosDayOf(at: Date): string {
  return new Date(at.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);
}
