import type { TFunction } from 'i18next';
import type { FailedAttemptReason } from '@/shared/schemas/deliveries';

/** Why an attempt failed, in words: the reason the driver chose, translated, and what they wrote, if anything. */
export function failedAttemptText(t: TFunction, failed: { reason: FailedAttemptReason; note: string }): string {
  const reason = t(`driverWorkspace.failedAttempt.reasons.${failed.reason}`);
  return failed.note ? t('tracking.failedAttempt.reasonWithNote', { reason, note: failed.note }) : reason;
}

/** "Why it failed: …", as the board's card and My Deliveries' rows say it beside the status. */
export function failedBecauseText(t: TFunction, failed: { reason: FailedAttemptReason; note: string }): string {
  return t('deliveries.failedBecause', { reason: failedAttemptText(t, failed) });
}
