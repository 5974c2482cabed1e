import { API_KEY_MESSAGE_KEYS } from './schemas/api-keys.js';
import { AUTH_MESSAGE_KEYS, PROFILE_MESSAGE_KEYS } from './schemas/auth.js';
import { BOOKING_MESSAGE_KEYS, DELIVERY_MODE_MESSAGE_KEY } from './schemas/deliveries.js';
import { DATE_RANGE_MESSAGE_KEYS } from './schemas/date-range.js';
import { DISPATCH_MESSAGE_KEYS } from './schemas/dispatch.js';
import { IMPORT_MESSAGE_KEYS } from './schemas/imports.js';
import { PARTNER_MESSAGE_KEYS } from './schemas/partners.js';
import { PAYMENT_MESSAGE_KEYS } from './schemas/payments.js';
import { PLACE_MESSAGE_KEYS } from './schemas/places.js';
import { UNAVAILABLE_MESSAGE_KEYS } from './schemas/quotes.js';
import { PAYOUT_MESSAGES } from './schemas/payouts.js';
import { WALLET_MONEY_MESSAGES } from './schemas/wallet-money.js';
import { WEBHOOK_MESSAGE_KEYS } from './schemas/webhooks.js';

type ValuesOf<T> = T[keyof T];

/** What the server's input guard refuses in any request (src/server/plugins/input-guard.ts). */
export const INPUT_MESSAGE_KEYS = {
  unstorable: 'validation.input.unstorable',
  tooDeep: 'validation.input.tooDeep',
} as const;

/**
 * Every message key a shared schema can put on a field. The web shows `t(key)`; the server's catalogue
 * (src/server/lib/messages.ts) must give each one its English, which the type below enforces.
 */
export type ValidationMessageKey =
  | ValuesOf<typeof AUTH_MESSAGE_KEYS>
  | ValuesOf<typeof PROFILE_MESSAGE_KEYS>
  | ValuesOf<typeof BOOKING_MESSAGE_KEYS>
  | typeof DELIVERY_MODE_MESSAGE_KEY
  | ValuesOf<typeof PAYMENT_MESSAGE_KEYS>
  | ValuesOf<typeof PLACE_MESSAGE_KEYS>
  | ValuesOf<typeof UNAVAILABLE_MESSAGE_KEYS>
  | ValuesOf<typeof DISPATCH_MESSAGE_KEYS>
  | ValuesOf<typeof PARTNER_MESSAGE_KEYS>
  | ValuesOf<typeof PAYOUT_MESSAGES>
  | ValuesOf<typeof WALLET_MONEY_MESSAGES>
  | ValuesOf<typeof API_KEY_MESSAGE_KEYS>
  | ValuesOf<typeof WEBHOOK_MESSAGE_KEYS>
  | ValuesOf<typeof DATE_RANGE_MESSAGE_KEYS>
  | ValuesOf<typeof IMPORT_MESSAGE_KEYS>
  | ValuesOf<typeof INPUT_MESSAGE_KEYS>;

/** Named values a message interpolates (`{{seconds}}`), the same names on the server and in every locale. */
export type MessageParams = Record<string, string | number>;
