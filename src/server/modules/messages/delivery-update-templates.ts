import { loadLocaleSection } from '../../lib/locale-texts.js';
import { FALLBACK_LANGUAGE, isLanguage } from '../../../shared/i18n.js';
import type { RenderedMessage } from './message-templates.js';

/** The steps a customer may ask to hear about by email or SMS (the "Delivery updates" preference). */
export const UPDATE_STATUSES = ['picked_up', 'in_transit', 'out_for_delivery', 'failed_attempt', 'returning', 'delivered', 'returned'] as const;
export type UpdateStatus = (typeof UPDATE_STATUSES)[number];

export function isUpdateStatus(status: string): status is UpdateStatus {
  return (UPDATE_STATUSES as readonly string[]).includes(status);
}

const UPDATE_KEYS = ['subject', 'body', ...UPDATE_STATUSES.map((status) => `statuses.${status}`)];

/**
 * `messages.deliveryUpdates` in the catalogue, read at boot: `{{id}}` is the delivery's number (LF001), `{{status}}`
 * the step in words (`statuses.<status>`). Short enough for one SMS.
 */
const TEXTS = loadLocaleSection('messages.deliveryUpdates', { required: UPDATE_KEYS });

/** The customer's "your delivery is …" message, in their language. Carries no secret. */
export function renderDeliveryUpdate(status: UpdateStatus, language: string, deliveryId: string): RenderedMessage {
  const t = TEXTS.texts[isLanguage(language) ? language : FALLBACK_LANGUAGE];
  const params = { id: deliveryId, status: t(`statuses.${status}`) };
  return { subject: t('subject', params), body: t('body', params), holdsSecret: false };
}

/** The languages that have every delivery update text of their own. */
export const UPDATE_LANGUAGES = TEXTS.languagesWith(UPDATE_KEYS);
