import { describe, expect, it } from 'vitest';
import { bookingFormSchema, isReceiverPhone } from './deliveries.js';

describe('a receiver phone', () => {
  it('is a Nigerian mobile or an E.164 number, written with spaces, brackets or hyphens if one likes', () => {
    for (const phone of ['+2348031234567', '+234 803 123 4567', '08031234567', '0803-123-4567', '(0803) 123 4567', '803 123 4567', '+447911123456']) {
      expect(isReceiverPhone(phone), phone).toBe(true);
    }
  });

  it('needs 10 to 15 digits: punctuation alone, short numbers and letters are refused', () => {
    for (const phone of ['-------', '( ) ( ) ( )', '1234567', '+234123', '+1234567890123456', '0803 123 456a', '++2348031234567', '+']) {
      expect(isReceiverPhone(phone), phone).toBe(false);
    }
  });

  it('says receiverPhoneInvalid in the shared schema', () => {
    const result = bookingFormSchema.shape.receiverPhone.safeParse('-------');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('booking.validation.receiverPhoneInvalid');
  });
});
