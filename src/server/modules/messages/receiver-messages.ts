import type { DomainEvents } from '../../lib/domain-events.js';
import { normalizePhone } from '../../../shared/identifiers.js';
import { FALLBACK_LANGUAGE, isLanguage } from '../../../shared/i18n.js';
import { loadLocaleSection } from '../../lib/locale-texts.js';
import type { RenderedMessage } from './message-templates.js';
import type { NewOutboxMessage, OutboxRepository } from './outbox-repository.js';
import { createGroupCommit } from '../../lib/group-commit.js';
import { outboxMessageValues } from './outbox-statements.js';
import { countSmsSegments, smsText } from './sms-segments.js';
import { receiverDriverNews, type ReceiverDriverNews } from '../deliveries/delivery-lifecycle.js';

/**
 * The receiver's SMS, in the language the sender chose for them (deliveries.receiver_language): the driver is on
 * the way (with the handover code and the public tracking link), a new driver has it, out for delivery, delivered.
 * Each stays within two SMS with the longest realistic values (receiver-messages.test.ts counts them): Yoruba,
 * Hausa, Igbo, Portuguese and Spanish need UCS-2, which leaves 134 units for two parts. The sender ID already says
 * Lanefreight, but the name opens every text for the phones and apps that hide it.
 */
export type ReceiverMessageKind = 'on-the-way' | 'driver-changed' | 'out-for-delivery' | 'delivered' | 'failed-attempt' | 'returning' | 'return-code' | 'pay-link';
export const RECEIVER_MESSAGE_KINDS: readonly ReceiverMessageKind[] = [
  'on-the-way',
  'driver-changed',
  'out-for-delivery',
  'delivered',
  'failed-attempt',
  'returning',
  'return-code',
  'pay-link',
];

/** The status changes the receiver is told of after commit (the code goes with the pickup's own statement). */
const RECEIVER_MESSAGE_OF: Partial<Record<string, ReceiverMessageKind>> = {
  out_for_delivery: 'out-for-delivery',
  delivered: 'delivered',
  failed_attempt: 'failed-attempt',
  // The parcel will not come (decision 053: the receiver is told of a return too); the return's end is the sender's.
  returning: 'returning',
};

/** The message's key under `messages.receiver`. */
const RECEIVER_KEYS: Record<ReceiverMessageKind, string> = {
  // Sent with the pickup since decision 077; the key keeps its name, and its translations their fingerprints.
  'on-the-way': 'driverAssigned',
  // A new driver after pickup: their name, and the code the receiver holds stays.
  'driver-changed': 'driverChanged',
  'out-for-delivery': 'outForDelivery',
  delivered: 'delivered',
  'failed-attempt': 'failedAttempt',
  returning: 'returning',
  // To the shipper, who receives a returned parcel: the code they give the driver.
  'return-code': 'returnCode',
  // A pay-on-delivery order's pay link (decision 053): `{{link}}` is the pay page, `{{amount}}` what is due.
  'pay-link': 'payLink',
};

/**
 * `messages.receiver` in the catalogue, read at boot: `{{driver}}` is the driver's first name, `{{code}}` the
 * handover code, `{{link}}` the public tracking page, `{{eta}}` the estimated delivery window in Lagos time
 * (shortWindow).
 */
const RECEIVER_TEXTS = loadLocaleSection('messages.receiver', { required: Object.values(RECEIVER_KEYS) });

const SUBJECT = 'Lanefreight delivery';

/** The longest first name a message carries: longer ones are cut, so the text stays within two SMS. */
export const DRIVER_NAME_MAX = 15;

/** How the receiver addresses the driver: the first name, cut to DRIVER_NAME_MAX characters. */
export function driverFirstName(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? '';
  return [...first].slice(0, DRIVER_NAME_MAX).join('');
}

export function trackingLink(publicUrl: string, trackingId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/track/${trackingId}`;
}

export interface ReceiverMessageValues {
  driverName: string;
  code: string;
  link: string;
  /** The estimated delivery, as shortWindow writes it; empty in the messages that do not say it. */
  eta: string;
  /** What is due on delivery, as smsAmount writes it; empty in the messages that do not say it. */
  amount?: string;
}

const wholeNaira = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const nairaAndKobo = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount in an SMS: "NGN 20,000" (the naira sign is not in the GSM-7 alphabet and would double the parts). */
export function smsAmount(kobo: number): string {
  return `NGN ${(kobo % 100 === 0 ? wholeNaira : nairaAndKobo).format(kobo / 100)}`;
}

export function payLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/pay/${token}`;
}

const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const lagosClock = (at: Date) => new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString();

/**
 * An estimated delivery window in few characters, the same in every language (Lagos time): "14:05-14:50" within
 * today, "30/11" within a later day (its times alone would read as today's; the tracking link has them), "27/11-28/11"
 * across days. A plain hyphen: a dash is not in the GSM-7 alphabet, and would make every English SMS cost twice as
 * many parts.
 */
export function shortWindow(window: { from: Date; to: Date }, now = new Date()): string {
  const [from, to] = [lagosClock(window.from), lagosClock(window.to)];
  const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
  if (from.slice(0, 10) !== to.slice(0, 10)) return `${day(from)}-${day(to)}`;
  return from.slice(0, 10) === lagosClock(now).slice(0, 10) ? `${from.slice(11, 16)}-${to.slice(11, 16)}` : day(from);
}

/** Most SMS a receiver message may cost. */
export const RECEIVER_MAX_SEGMENTS = 2;

export function renderReceiverMessage(kind: ReceiverMessageKind, language: string, values: ReceiverMessageValues): RenderedMessage {
  const t = RECEIVER_TEXTS.texts[isLanguage(language) ? language : FALLBACK_LANGUAGE];
  const render = (driver: string) =>
    smsText(t(RECEIVER_KEYS[kind], { driver, code: values.code, link: values.link, eta: values.eta, amount: values.amount ?? '' }));
  // Should a long deployment address push it past two SMS, the driver's name gives way first.
  let driver = [...driverFirstName(values.driverName)];
  let body = render(driver.join(''));
  while (driver.length > 1 && countSmsSegments(body).segments > RECEIVER_MAX_SEGMENTS) {
    driver = driver.slice(0, -1);
    body = render(driver.join(''));
  }
  // Messages with a code or a pay link: their bodies are blanked once a real transport has sent them.
  return { subject: SUBJECT, body, holdsSecret: kind === 'on-the-way' || kind === 'return-code' || kind === 'pay-link' };
}

/** The languages that have every receiver message of their own. */
export const RECEIVER_TEMPLATE_LANGUAGES = RECEIVER_TEXTS.languagesWith(Object.values(RECEIVER_KEYS));

/** What a receiver message needs to know of a delivery. */
export interface ReceiverDelivery {
  receiverPhone: string;
  receiverLanguage: string;
  trackingId: string | null;
  driverName: string | null;
  /** When it should arrive; only the first message says it. */
  estimatedDelivery?: { from: Date; to: Date } | null;
  /** False for a merchant API test delivery, whose receiver is never messaged. */
  livemode: boolean;
}

/** Where a shipper is reached: their account's phone, else its email, in the account's language. */
export interface ShipperContact {
  phone: string | null;
  email: string | null;
  language: string;
}

interface Deps {
  outbox: Pick<OutboxRepository, 'insertMany'>;
  shipperContactOf: (userId: string) => Promise<ShipperContact>;
  publicUrl: string;
  /** Tells the outbox worker there is something to send (after the commit). */
  nudge: () => void;
}

/**
 * Receiver messages are transactional: they always go (the receiver has no account, hence no preferences).
 * What they hear of their driver (receiverDriverNews) is written by the pickup's or the reassignment's own statement,
 * as the first carries the code; the others follow the committed status change.
 */
export function createReceiverMessages({ outbox, shipperContactOf, publicUrl, nudge }: Deps) {
  // Those that follow a committed change are written together while drivers everywhere move their jobs on.
  const afterCommit = createGroupCommit(async (messages: readonly NewOutboxMessage[]) => {
    await outbox.insertMany(messages);
    return messages.map(() => true);
  });

  /**
   * The receiver's SMS of this kind, or null when there is nowhere to send it (no valid phone, no tracking id) or
   * nothing to say: a test delivery's receiver is a real person who ordered nothing (decision 056), whatever path
   * moved the delivery.
   */
  function render(kind: ReceiverMessageKind, delivery: ReceiverDelivery, code: string, values: Partial<ReceiverMessageValues> = {}): NewOutboxMessage | null {
    if (!delivery.livemode) return null;
    const recipient = normalizePhone(delivery.receiverPhone);
    if (!recipient || !delivery.trackingId) return null;
    const message = renderReceiverMessage(kind, delivery.receiverLanguage, {
      driverName: delivery.driverName ?? '',
      code,
      link: trackingLink(publicUrl, delivery.trackingId),
      eta: delivery.estimatedDelivery ? shortWindow(delivery.estimatedDelivery) : '',
      ...values,
    });
    return { channel: 'sms' as const, recipient, ...message };
  }

  return {
    /**
     * What the receiver hears of their driver (receiverDriverNews), as the values of the statement that makes the
     * change: the "driver on the way" SMS with the code (the pickup's), the new driver's name (a reassignment's), or
     * no message. The code never travels anywhere but there and the receiver's phone.
     */
    driverNewsMessage: (news: ReceiverDriverNews, delivery: ReceiverDelivery, code = '') =>
      outboxMessageValues(news && render(news === 'code' ? 'on-the-way' : 'driver-changed', delivery, code)),

    /** The pay link of a pay-on-delivery order, as the values of the statement that stores its token's hash. */
    payLinkMessage: (delivery: ReceiverDelivery & { codAmountKobo: number | null }, token: string) =>
      outboxMessageValues(render('pay-link', delivery, '', { link: payLink(publicUrl, token), amount: smsAmount(delivery.codAmountKobo ?? 0) })),

    /**
     * The shipper's message with the code of a return's hand-over, as the values of the return's own statement: by
     * SMS to the account's phone, else by email; nothing when the account has neither.
     */
    async returnCodeMessage(shipperId: string, delivery: Pick<ReceiverDelivery, 'trackingId'>, code: string) {
      const shipper = await shipperContactOf(shipperId);
      const phone = shipper.phone ? normalizePhone(shipper.phone) : null;
      const recipient = phone ?? shipper.email;
      if (!recipient || !delivery.trackingId) return outboxMessageValues(null);
      const message = renderReceiverMessage('return-code', shipper.language, { driverName: '', code, link: trackingLink(publicUrl, delivery.trackingId), eta: '' });
      return outboxMessageValues({ channel: phone ? 'sms' : 'email', recipient, ...message });
    },

    subscribe(events: Pick<DomainEvents, 'onPublisher'>) {
      events.onPublisher('delivery.driver_assigned', () => nudge());
      events.onPublisher('delivery.status_changed', async (event) => {
        // The pickup's statement may have written the code's SMS.
        if (receiverDriverNews({ step: event.status }, false) === 'code') nudge();
        const kind = RECEIVER_MESSAGE_OF[event.status] ?? null;
        // The publisher always has the receiver's contact (it never travels to other instances).
        const receiver = event.publisherOnly?.receiver;
        const message = kind && receiver ? render(kind, { ...receiver, trackingId: event.trackingId }, '') : null;
        if (message && (await afterCommit.submit(message))) nudge();
      });
    },
  };
}
export type ReceiverMessages = ReturnType<typeof createReceiverMessages>;
