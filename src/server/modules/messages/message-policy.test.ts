import { describe, expect, it } from 'vitest';
import type { MessageChannel } from '../../adapters/messages/index.js';
import type { NotificationPreferences } from '../../../shared/schemas/preferences.js';
import { categoryOf, isMessageWanted, MESSAGE_CATEGORIES, MESSAGE_KINDS, type MessageCategory } from './message-policy.js';
import { renderCodeMessage, renderNotice, type CodePurpose, type NoticeKind } from './message-templates.js';
import { renderDeliveryUpdate, UPDATE_LANGUAGES, UPDATE_STATUSES } from './delivery-update-templates.js';
import { LANGUAGES } from '../../../shared/i18n.js';
import { RECEIVER_MESSAGE_KINDS, renderReceiverMessage } from './receiver-messages.js';
import { RECEIPT_KINDS, renderReceipt } from './receipt-templates.js';
import { APPLICATION_DECISIONS, RECEIVED_LANGUAGES, renderApplicationDecision, renderApplicationReceived } from './application-decision-messages.js';
import { DRIVER_JOB_CHANGES, DRIVER_JOB_LANGUAGES, renderDriverJobMessage } from './driver-job-messages.js';

const CHANNELS: MessageChannel[] = ['email', 'sms', 'whatsapp'];

/** All 16 combinations of the four switches. */
const ALL_PREFERENCES: NotificationPreferences[] = Array.from({ length: 16 }, (_, bits) => ({
  deliveryUpdates: Boolean(bits & 1),
  promotionalEmails: Boolean(bits & 2),
  smsNotifications: Boolean(bits & 4),
  pushNotifications: Boolean(bits & 8),
}));

describe('which messages preferences can stop', () => {
  it('classifies every template the server renders, and nothing else', () => {
    const purposes: CodePurpose[] = ['verify', 'reset', 'change'];
    const notices: NoticeKind[] = ['account-locked', 'email-changed', 'phone-changed', 'password-changed', 'account-deleted'];
    // Each kind names a template that renders, in a language, to a real message.
    for (const purpose of purposes) expect(renderCodeMessage(purpose, 'en-US', '123456').body).toContain('123456');
    for (const notice of notices) expect(renderNotice(notice, 'en-US').subject).not.toBe('');
    for (const status of UPDATE_STATUSES) expect(renderDeliveryUpdate(status, 'en-US', 'LF001').body).toContain('LF001');
    for (const kind of RECEIVER_MESSAGE_KINDS) {
      expect(renderReceiverMessage(kind, 'en-US', { driverName: 'Musa', code: '0427', link: 'http://x/track/LF-1', eta: '', amount: 'NGN 1' }).body).toContain('http://x/track/LF-1');
    }
    for (const kind of RECEIPT_KINDS) expect(renderReceipt(kind, 'en-US', { amountKobo: 100, at: new Date() }).body).toContain('₦1.00');
    for (const change of DRIVER_JOB_CHANGES) expect(renderDriverJobMessage(change, 'en-US', { id: 'LF010', pickup: 'Yaba', dropoff: 'Ikeja' }).body).toContain('LF010');
    for (const decision of APPLICATION_DECISIONS) expect(renderApplicationDecision(decision, 'en-US', { type: 'investment', reason: 'x' }).subject).not.toBe('');
    expect(renderApplicationReceived('en-US', 'investment').body).toContain('investment partner');
    expect([...MESSAGE_KINDS].sort()).toEqual(
      [
        ...purposes.map((p) => `code:${p}`),
        ...notices.map((n) => `notice:${n}`),
        'update:delivery-status',
        ...DRIVER_JOB_CHANGES.map((c) => `update:driver-job-${c}`),
        ...RECEIVER_MESSAGE_KINDS.map((k) => `receiver:${k}`),
        ...RECEIPT_KINDS.map((k) => `receipt:${k}`),
        ...APPLICATION_DECISIONS.map((d) => `decision:${d}`),
        'decision:received',
        'webhook:endpoint-disabled',
      ].sort(),
    );
  });

  it('codes, security notices, receiver messages and receipts are essential: sent on every channel whatever the preferences', () => {
    expect(MESSAGE_CATEGORIES).toEqual({
      'update:delivery-status': 'delivery-update',
      'update:driver-job-assigned': 'delivery-update',
      'update:driver-job-reassigned': 'delivery-update',
      'code:verify': 'essential',
      'code:reset': 'essential',
      'code:change': 'essential',
      'notice:account-locked': 'essential',
      'notice:email-changed': 'essential',
      'notice:phone-changed': 'essential',
      'notice:password-changed': 'essential',
      // The goodbye to a deleted account (decision 059).
      'notice:account-deleted': 'essential',
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
      // What a receiver paid on delivery, settled to the shipper (decision 053).
      'receipt:cod-settlement': 'essential',
      // The acknowledgement of an application (decision 093).
      'decision:received': 'essential',
      'decision:approved': 'essential',
      'decision:rejected': 'essential',
      // The owner of a webhook endpoint switched off after three days of failures (decision 054).
      'webhook:endpoint-disabled': 'essential',
    });
    for (const kind of MESSAGE_KINDS.filter((k) => categoryOf(k) === 'essential')) {
      for (const channel of CHANNELS) {
        for (const preferences of ALL_PREFERENCES) {
          expect(isMessageWanted(categoryOf(kind), channel, preferences), `${kind} ${channel}`).toBe(true);
        }
      }
    }
  });

  const none: NotificationPreferences = { deliveryUpdates: false, promotionalEmails: false, smsNotifications: false, pushNotifications: false };
  const cases: [MessageCategory, MessageChannel, Partial<NotificationPreferences>, boolean][] = [
    ['delivery-update', 'email', {}, false],
    ['delivery-update', 'email', { deliveryUpdates: true }, true],
    ['delivery-update', 'email', { smsNotifications: true, promotionalEmails: true, pushNotifications: true }, false],
    ['delivery-update', 'sms', { deliveryUpdates: true }, false],
    ['delivery-update', 'sms', { smsNotifications: true }, false],
    ['delivery-update', 'sms', { deliveryUpdates: true, smsNotifications: true }, true],
    ['delivery-update', 'whatsapp', { deliveryUpdates: true }, false],
    ['delivery-update', 'whatsapp', { deliveryUpdates: true, smsNotifications: true }, true],
    ['promotion', 'email', {}, false],
    ['promotion', 'email', { promotionalEmails: true }, true],
    ['promotion', 'email', { deliveryUpdates: true, smsNotifications: true, pushNotifications: true }, false],
    ['promotion', 'sms', { promotionalEmails: true }, false],
    ['promotion', 'sms', { promotionalEmails: true, smsNotifications: true }, true],
    ['promotion', 'whatsapp', { deliveryUpdates: true, smsNotifications: true }, false],
  ];
  it.each(cases)('an optional %s by %s with %j is sent: %s', (category, channel, switches, expected) => {
    expect(isMessageWanted(category, channel, { ...none, ...switches })).toBe(expected);
  });

  it('pushNotifications alone never lets an optional message through the outbox', () => {
    for (const category of ['delivery-update', 'promotion'] as const) {
      for (const channel of CHANNELS) {
        expect(isMessageWanted(category, channel, { ...none, pushNotifications: true })).toBe(false);
      }
    }
  });
});

describe("the customer's delivery updates", () => {
  it('exist in every language, name the delivery and fit two SMS segments', () => {
    expect([...UPDATE_LANGUAGES].sort()).toEqual([...LANGUAGES].sort());
    for (const language of UPDATE_LANGUAGES) {
      for (const status of UPDATE_STATUSES) {
        const { body, holdsSecret } = renderDeliveryUpdate(status, language, 'LF12345');
        expect(body, `${language} ${status}`).toContain('LF12345');
        expect(body).not.toMatch(/[{}]/);
        // Two SMS segments even in UCS-2 (Yoruba's marks need it): 2 × 67 characters.
        expect(body.length, `${language} ${status}`).toBeLessThanOrEqual(134);
        expect(holdsSecret).toBe(false);
      }
    }
  });
});


describe("the drivers' job messages", () => {
  it('exist in every language, name the job and, with short place names, fit two SMS segments', () => {
    expect([...DRIVER_JOB_LANGUAGES].sort()).toEqual([...LANGUAGES].sort());
    for (const language of DRIVER_JOB_LANGUAGES) {
      for (const change of DRIVER_JOB_CHANGES) {
        const { body, holdsSecret } = renderDriverJobMessage(change, language, { id: 'LF12345', pickup: 'Yaba, Lagos', dropoff: 'Ikeja, Lagos' });
        expect(body, `${language} ${change}`).toContain('LF12345');
        expect(body).not.toMatch(/[{}\u00a0]/);
        expect(body.length, `${language} ${change}`).toBeLessThanOrEqual(134);
        expect(holdsSecret).toBe(false);
      }
    }
  });
});

describe("an application's acknowledgement", () => {
  it('exists in every language, names the partnership and the reply window, and fits three SMS segments', () => {
    expect([...RECEIVED_LANGUAGES].sort()).toEqual([...LANGUAGES].sort());
    for (const language of RECEIVED_LANGUAGES) {
      for (const type of ['transportation', 'investment'] as const) {
        const { body, holdsSecret } = renderApplicationReceived(language, type);
        expect(body, `${language} ${type}`).toMatch(/24.48/);
        expect(body).not.toMatch(/[{}\u00a0]/);
        // Three SMS segments even in UCS-2 (Yoruba's marks need it): 3 × 67 characters.
        expect(body.length, `${language} ${type}`).toBeLessThanOrEqual(201);
        expect(holdsSecret).toBe(false);
      }
    }
  });
});
