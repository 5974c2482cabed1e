import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/i18n.js';
import {
  DRIVER_NAME_MAX,
  RECEIVER_MESSAGE_KINDS,
  RECEIVER_TEMPLATE_LANGUAGES,
  driverFirstName,
  payLink,
  renderReceiverMessage,
  smsAmount,
  shortWindow,
  trackingLink,
} from './receiver-messages.js';
import { countSmsSegments } from './sms-segments.js';

/** The longest realistic values: a deployment's long address, a long first name, a 4-digit code. */
const LONG_LINK = trackingLink('https://app.lanefreight.ng/', 'LF-7K3M-9QX2');
const LONG_NAME = 'Oluwaseyifunmilayo Adebayo-Okonkwo';
/** A pay link (a 22-character token) and the largest amount pay on delivery takes (decision 053). */
const LONG_PAY_LINK = payLink('https://app.lanefreight.ng/', 'Xy3_kP9-qR2sT5uV8wZ1aB');
const LONG_AMOUNT = smsAmount(50_000_000);
/** The values a message of this kind is rendered with: the pay link carries its own link and the amount. */
const valuesOf = (kind: string, values: { driverName: string; code: string; eta: string }) =>
  kind === 'pay-link' ? { ...values, link: LONG_PAY_LINK, amount: LONG_AMOUNT } : { ...values, link: LONG_LINK };
const NOW = new Date('2026-11-26T08:35:00Z');
/** The estimated delivery as the first message writes it: across days, its longest form. */
const LONG_ETA = shortWindow({ from: new Date('2026-11-27T07:00:00Z'), to: new Date('2026-11-28T17:00:00Z') }, NOW);

describe("the receiver's messages", () => {
  it('write the estimated delivery in Lagos time: times within today, the day within a later day, dates across days', () => {
    expect(shortWindow({ from: new Date('2026-11-26T13:05:00Z'), to: new Date('2026-11-26T13:50:00Z') }, NOW)).toBe('14:05-14:50');
    expect(shortWindow({ from: new Date('2026-11-28T11:29:00Z'), to: new Date('2026-11-28T17:00:00Z') }, NOW)).toBe('28/11');
    expect(LONG_ETA).toBe('27/11-28/11');
    // Late in the evening in Lagos it is already the next day in the window's dates.
    expect(shortWindow({ from: new Date('2026-11-27T08:00:00Z'), to: new Date('2026-11-27T12:00:00Z') }, new Date('2026-11-26T23:30:00Z'))).toBe('09:00-13:00');
  });

  it('exist in every language, with the values in place', () => {
    expect([...RECEIVER_TEMPLATE_LANGUAGES].sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      for (const kind of RECEIVER_MESSAGE_KINDS) {
        const values = valuesOf(kind, { driverName: 'Musa Bello', code: '0427', eta: '14:05-14:50' });
        const message = renderReceiverMessage(kind, language, values);
        expect(message.body, `${language} ${kind}`).toContain(values.link);
        expect(message.body).not.toMatch(/\{\w+\}/);
        expect(message.body.startsWith('Lanefreight')).toBe(true);
        expect(message.holdsSecret).toBe(kind === 'on-the-way' || kind === 'return-code' || kind === 'pay-link');
        if (kind === 'pay-link') expect(message.body).toContain('NGN 500,000');
        if (kind === 'on-the-way' || kind === 'driver-changed') {
          expect(message.body).toContain('Musa');
          expect(message.body).not.toContain('Bello');
        }
        if (kind === 'on-the-way') {
          expect(message.body).toContain('0427');
          expect(message.body).toContain('14:05-14:50');
        } else if (kind === 'return-code') {
          expect(message.body).toContain('0427');
        } else {
          expect(message.body).not.toContain('0427');
        }
      }
    }
  });

  it('every message in every language stays within 2 SMS with the longest realistic values', () => {
    expect(driverFirstName(LONG_NAME)).toHaveLength(DRIVER_NAME_MAX);
    for (const language of LANGUAGES) {
      for (const kind of RECEIVER_MESSAGE_KINDS) {
        const { body } = renderReceiverMessage(kind, language, valuesOf(kind, { driverName: LONG_NAME, code: '9999', eta: LONG_ETA }));
        const size = countSmsSegments(body);
        expect(size.segments, `${language} ${kind}: ${size.units} ${size.encoding} units`).toBeLessThanOrEqual(2);
      }
    }
  });

  it("with an even longer address, the driver's name gives way before a third SMS", () => {
    const link = trackingLink('https://dispatch.lanefreight.com.ng', 'LF-7K3M-9QX2');
    const { body } = renderReceiverMessage('on-the-way', 'es', { driverName: LONG_NAME, code: '9999', link, eta: LONG_ETA });
    expect(countSmsSegments(body).segments).toBe(2);
    expect(body).toContain('9999');
    expect(body).toContain(link);
    expect(body).not.toContain(driverFirstName(LONG_NAME));
  });

  it('Yoruba, Hausa and Igbo need UCS-2 for their letters; English and German fit GSM-7', () => {
    const values = { driverName: 'Musa', code: '0427', link: LONG_LINK, eta: LONG_ETA };
    for (const language of ['yo', 'ig'] as const) {
      expect(countSmsSegments(renderReceiverMessage('out-for-delivery', language, values).body).encoding).toBe('ucs2');
    }
    expect(countSmsSegments(renderReceiverMessage('on-the-way', 'ha', values).body).encoding).toBe('ucs2');
    for (const language of ['en-US', 'de'] as const) {
      for (const kind of RECEIVER_MESSAGE_KINDS) expect(countSmsSegments(renderReceiverMessage(kind, language, values).body).encoding).toBe('gsm7');
    }
  });

  it('falls back to English for an unknown language and builds the public tracking link', () => {
    expect(renderReceiverMessage('delivered', 'zz', { driverName: '', code: '', link: 'x', eta: '' }).body).toBe(
      'Lanefreight: your package has been delivered. Thank you! Details: x',
    );
    expect(trackingLink('https://lanefreight.ng', 'LF-AAAA-BBBB')).toBe('https://lanefreight.ng/track/LF-AAAA-BBBB');
    expect(driverFirstName('  Musa   Bello ')).toBe('Musa');
  });
});
