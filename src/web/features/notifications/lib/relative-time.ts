import { intlLocales } from '@/shared/i18n';

/** Under this, a moment reads "Just now" (the spec's words), not "12 seconds ago". */
const JUST_NOW_SECONDS = 45;

const STEPS: { unit: Intl.RelativeTimeFormatUnit; seconds: number; below: number }[] = [
  { unit: 'minute', seconds: 60, below: 60 * 60 },
  { unit: 'hour', seconds: 60 * 60, below: 24 * 60 * 60 },
  { unit: 'day', seconds: 24 * 60 * 60, below: 7 * 24 * 60 * 60 },
  { unit: 'week', seconds: 7 * 24 * 60 * 60, below: 30 * 24 * 60 * 60 },
  { unit: 'month', seconds: 30 * 24 * 60 * 60, below: 365 * 24 * 60 * 60 },
  { unit: 'year', seconds: 365 * 24 * 60 * 60, below: Infinity },
];

export type RelativeTime = { justNow: true } | { justNow: false; text: string };

/**
 * "5 minutes ago", "yesterday", "3 weeks ago" in the reader's language (Intl.RelativeTimeFormat); anything
 * within the last 45 seconds, or a clock a little ahead of ours, is "just now" (the caller translates it).
 */
export function relativeTime(iso: string, now: number, language: string): RelativeTime {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return { justNow: false, text: iso };
  const secondsAgo = Math.round((now - then) / 1000);
  if (secondsAgo < JUST_NOW_SECONDS) return { justNow: true };
  const step = STEPS.find((candidate) => secondsAgo < candidate.below) ?? STEPS[STEPS.length - 1]!;
  const value = Math.max(1, Math.floor(secondsAgo / step.seconds));
  const format = new Intl.RelativeTimeFormat(intlLocales(language), { numeric: 'auto' });
  return { justNow: false, text: format.format(-value, step.unit) };
}
