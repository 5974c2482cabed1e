import { describe, expect, it } from 'vitest';
import { DELIVERY_STATUSES, DISPLAY_STATUS_OF, codPaymentStateOf, statusLabelOf } from './deliveries.js';

describe('statusLabelOf', () => {
  it('says "awaiting payment" for an unpaid booking, while its filter group stays pending', () => {
    expect(statusLabelOf('awaiting_payment')).toBe('awaiting_payment');
    expect(DISPLAY_STATUS_OF.awaiting_payment).toBe('pending');
  });

  it('says what waits for a decision, or goes back to the sender, while the filter still finds it in transit', () => {
    for (const status of ['failed_attempt', 'returning'] as const) {
      expect(statusLabelOf(status)).toBe(status);
      expect(DISPLAY_STATUS_OF[status]).toBe('in_transit');
    }
  });

  it('is the display group for every other status', () => {
    for (const status of DELIVERY_STATUSES.filter((s) => !['awaiting_payment', 'failed_attempt', 'returning'].includes(s))) {
      expect(statusLabelOf(status)).toBe(DISPLAY_STATUS_OF[status]);
    }
  });
});

describe('codPaymentStateOf', () => {
  it('says paid or awaiting while the parcel can reach the receiver or has, nothing before payment or once it goes back', () => {
    for (const status of ['pending', 'picked_up', 'in_transit', 'out_for_delivery', 'failed_attempt', 'delivered'] as const) {
      expect(codPaymentStateOf(status, true)).toBe('paid');
      expect(codPaymentStateOf(status, false)).toBe('awaiting');
    }
    for (const status of ['awaiting_payment', 'cancelled', 'returning', 'returned'] as const) {
      expect(codPaymentStateOf(status, true)).toBeNull();
      expect(codPaymentStateOf(status, false)).toBeNull();
    }
  });
});
