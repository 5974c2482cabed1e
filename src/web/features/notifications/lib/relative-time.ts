import type { TFunction } from 'i18next';

/** Under this, a moment reads "Just now" (the spec's words), not "12 seconds ago". */
const JUST_NOW_SECONDS = 45;

type Unit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

const STEPS: { unit: Unit; seconds: number; below: number }[] = [
  { unit: 'minute', seconds: 60, below: 60 * 60 },
  { unit: 'hour', seconds: 60 * 60, below: 24 * 60 * 60 },
  { unit: 'day', seconds: 24 * 60 * 60, below: 7 * 24 * 60 * 60 },
  { unit: 'week', seconds: 7 * 24 * 60 * 60, below: 30 * 24 * 60 * 60 },
  { unit: 'month', seconds: 30 * 24 * 60 * 60, below: 365 * 24 * 60 * 60 },
  { unit: 'year', seconds: 365 * 24 * 60 * 60, below: Infinity },
];

/**
 * "Just now", "5 minutes ago", "yesterday", "3 weeks ago" in the reader's language; anything within the last 45
 * seconds, or a clock a little ahead of ours, is "just now". The words are the catalogue's
 * (`notifications.page.ago.<unit>`, plural by `count`), not Intl.RelativeTimeFormat's: the browsers we test lack
 * its data for Yoruba, Hausa and Igbo and answer in English (decision 093). The number still goes through Intl
 * (`{{count, number}}`, decision 061).
 */
export function relativeTime(iso: string, now: number, t: TFunction): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return iso;
  const secondsAgo = Math.round((now - then) / 1000);
  if (secondsAgo < JUST_NOW_SECONDS) return t('notifications.page.justNow');
  const step = STEPS.find((candidate) => secondsAgo < candidate.below) ?? STEPS[STEPS.length - 1]!;
  const count = Math.max(1, Math.floor(secondsAgo / step.seconds));
  return t(`notifications.page.ago.${step.unit}`, { count });
}
