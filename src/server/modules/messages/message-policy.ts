import type { MessageChannel } from '../../adapters/messages/index.js';
import type { NotificationPreferences } from '../../../shared/schemas/preferences.js';
import type { CodePurpose, NoticeKind } from './message-templates.js';
import type { ApplicationDecision } from './application-decision-messages.js';
import type { DriverJobChange } from './driver-job-messages.js';
import type { ReceiptKind } from './receipt-templates.js';
import type { ReceiverMessageKind } from './receiver-messages.js';

/**
 * Why a message is sent decides whether the person's preferences can stop it:
 * - essential: codes, receipts, security notices and the receiver's delivery messages (the receiver has no account,
 *   so no preferences; those messages carry the handover code); always sent, whatever the preferences say;
 * - delivery-update: news about a delivery for its customer (status changes), and for its drivers (a job given or taken);
 * - promotion: offers and news.
 */
export type MessageCategory = 'essential' | 'delivery-update' | 'promotion';

/** Every kind of message the server renders, by its template. A new template gets its category here. */
export type MessageKind =
  | `code:${CodePurpose}`
  | `notice:${NoticeKind}`
  | 'update:delivery-status'
  | `update:driver-job-${DriverJobChange}`
  | `receiver:${ReceiverMessageKind}`
  | `receipt:${ReceiptKind}`
  | `decision:${ApplicationDecision}`
  | 'decision:received'
  | 'webhook:endpoint-disabled';

export const MESSAGE_CATEGORIES = {
  'code:verify': 'essential',
  'code:reset': 'essential',
  'code:change': 'essential',
  'notice:account-locked': 'essential',
  'notice:email-changed': 'essential',
  'notice:phone-changed': 'essential',
  'notice:password-changed': 'essential',
  'notice:account-deleted': 'essential',
  'update:delivery-status': 'delivery-update',
  'update:driver-job-assigned': 'delivery-update',
  'update:driver-job-reassigned': 'delivery-update',
  'receiver:on-the-way': 'essential',
  'receiver:driver-changed': 'essential',
  'receiver:out-for-delivery': 'essential',
  'receiver:delivered': 'essential',
  'receiver:failed-attempt': 'essential',
  'receiver:returning': 'essential',
  'receiver:return-code': 'essential',
  'receiver:pay-link': 'essential',
  'receipt:payment': 'essential',
  'receipt:top-up': 'essential',
  'receipt:withdrawal': 'essential',
  'receipt:withdrawal-returned': 'essential',
  'receipt:refund': 'essential',
  'receipt:card-credited': 'essential',
  'receipt:return-fee': 'essential',
  'receipt:cod-settlement': 'essential',
  'decision:received': 'essential',
  'decision:approved': 'essential',
  'decision:rejected': 'essential',
  'webhook:endpoint-disabled': 'essential',
} as const satisfies Record<MessageKind, MessageCategory>;

export const MESSAGE_KINDS = Object.keys(MESSAGE_CATEGORIES) as MessageKind[];

export function categoryOf(kind: MessageKind): MessageCategory {
  return MESSAGE_CATEGORIES[kind];
}

/**
 * The one rule for optional messages (docs/decisions/030). Essential ones always go. An optional one needs its
 * topic switched on (deliveryUpdates or promotionalEmails), and on SMS or WhatsApp, which cost the person
 * attention and us money, smsNotifications as well.
 */
export function isMessageWanted(
  category: MessageCategory,
  channel: MessageChannel,
  preferences: NotificationPreferences,
): boolean {
  if (!isTopicWanted(category, preferences)) return false;
  return category === 'essential' || channel === 'email' || preferences.smsNotifications;
}

/** Whether the person takes this category on any channel at all. */
export function isTopicWanted(category: MessageCategory, preferences: NotificationPreferences): boolean {
  if (category === 'essential') return true;
  return category === 'delivery-update' ? preferences.deliveryUpdates : preferences.promotionalEmails;
}
