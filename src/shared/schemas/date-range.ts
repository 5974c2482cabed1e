import { z } from 'zod';

/**
 * A list's date range (issue 24): `?from=YYYY-MM-DD&to=YYYY-MM-DD`, either or both, whole days in Lagos time
 * (WAT, UTC+1 all year, no daylight saving), both ends included. The server turns it into instants
 * (`dateRangeInstants`), a range on the column the list is sorted by, so the list's own index serves it
 * (decision 057).
 */
export const DATE_RANGE_MESSAGE_KEYS = {
  order: 'validation.dateRange.order',
} as const;

/** Days before this or after the next are refused: nobody means them, and they would not survive arithmetic. */
const EARLIEST = '2000-01-01';
const LATEST = '2099-12-31';

const day = z.iso.date().refine((value) => value >= EARLIEST && value <= LATEST);

export const dateRangeShape = { from: day.optional(), to: day.optional() };

export interface DateRange {
  from?: string | undefined;
  to?: string | undefined;
}

/** A `from` after `to` names no day: refused, with the message on `to` (the field a person corrects). */
export function refineDateRange(range: DateRange, ctx: z.RefinementCtx) {
  if (range.from && range.to && range.from > range.to) {
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
