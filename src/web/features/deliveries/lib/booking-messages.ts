import type { TFunction } from 'i18next';
import { BOOKING_MESSAGES } from '@/shared/schemas/deliveries';

const KEY_OF_MESSAGE = new Map<string, string>(Object.entries(BOOKING_MESSAGES).map(([key, message]) => [message, key]));

/** The shared schema speaks the spec's English; each of its messages has a translation under booking.validation. */
export function translateBookingMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = KEY_OF_MESSAGE.get(message);
  return key ? t(`booking.validation.${key}`, { defaultValue: message }) : message;
}
