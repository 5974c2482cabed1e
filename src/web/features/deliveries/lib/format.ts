import type { TFunction } from 'i18next';
import { formatNaira } from '@/shared/money';
import { intlLocales } from '@/shared/i18n';
import { formatDateTime, formatTime, LAGOS_TIME_ZONE } from '@/web/lib/lagos-time';

export { formatNaira, formatDateTime, formatTime };

/** "2025-03-14" stays a calendar date: parsed as local midnight so no time zone shifts it a day. */
export function formatCalendarDate(isoDate: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Intl.DateTimeFormat(intlLocales(language), { dateStyle: 'medium' }).format(date);
}


/** Today as YYYY-MM-DD in the user's own time zone, for the date input's minimum. */
export function todayIsoDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function firstNameOf(name: string | null | undefined): string {
  return name?.trim().split(/\s+/)[0] ?? '';
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A window shorter than this that crosses midnight keeps its times; a longer one (interstate) shows days. */
const DATES_ONLY_FROM_MS = 12 * 60 * 60 * 1000;
const lagosDayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: LAGOS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** YYYY-MM-DD of an instant in Lagos. */
function lagosDay(at: number): string {
  return lagosDayFormat.format(at);
}

export interface DeliveryWindowText {
  from: string;
  to: string;
}

/**
 * An estimated delivery window in Lagos time, in the reader's language: "Today, 2:05 – 2:50 PM" within a day,
 * "Fri, Nov 27 – Sat, Nov 28" when it spans days (interstate), one instant when from = to (delivered).
 */
export function formatDeliveryWindow(window: DeliveryWindowText, language: string, t: TFunction, now: number = Date.now()): string {
  const from = Date.parse(window.from);
  const to = Date.parse(window.to);
  if (Number.isNaN(from) || Number.isNaN(to)) return window.from;
  const end = Math.max(from, to);
  const otherYear = lagosDay(from).slice(0, 4) !== lagosDay(now).slice(0, 4);
  const dateOptions: Intl.DateTimeFormatOptions = {
    timeZone: LAGOS_TIME_ZONE,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(otherYear ? { year: 'numeric' } : {}),
  };
  if (lagosDay(from) !== lagosDay(end)) {
    const format =
      end - from >= DATES_ONLY_FROM_MS
        ? new Intl.DateTimeFormat(intlLocales(language), dateOptions)
        : new Intl.DateTimeFormat(intlLocales(language), { ...dateOptions, hour: 'numeric', minute: '2-digit' });
    return format.formatRange(from, end);
  }

  const timeFormat = new Intl.DateTimeFormat(intlLocales(language), { timeZone: LAGOS_TIME_ZONE, timeStyle: 'short' });
  const time = from === end ? timeFormat.format(from) : timeFormat.formatRange(from, end);
  const day = lagosDay(from);
  if (day === lagosDay(now)) return t('deliveries.window.today', { time });
  if (day === lagosDay(now + DAY_MS)) return t('deliveries.window.tomorrow', { time });
  return t('deliveries.window.onDay', { date: new Intl.DateTimeFormat(intlLocales(language), dateOptions).format(from), time });
}

