import type { DeliveryStatus } from '@/shared/schemas/deliveries';
import { DRIVER_STATUS_STEPS } from '@/shared/schemas/dispatch';

export type DriverStep = (typeof DRIVER_STATUS_STEPS)[number];

/**
 * The one thing a driver does next on a job: the next road step, `deliver` (with the receiver's code) once out
 * for delivery, or nothing (delivered, cancelled, or locked until an operator completes it).
 */
export function nextStepFor(status: DeliveryStatus, attemptsLeft: number): DriverStep | 'deliver' | null {
  if (status === 'pending') return DRIVER_STATUS_STEPS[0];
  const index = (DRIVER_STATUS_STEPS as readonly DeliveryStatus[]).indexOf(status);
  if (index < 0) return null;
  const next = DRIVER_STATUS_STEPS[index + 1];
  if (next) return next;
  return attemptsLeft > 0 ? 'deliver' : null;
}

/** A phone number as a `tel:` link: digits and a leading +, nothing a dialler would choke on. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}
