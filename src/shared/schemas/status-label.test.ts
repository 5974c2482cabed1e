import { describe, expect, it } from 'vitest';
import { DELIVERY_STATUSES, DISPLAY_STATUS_OF, statusLabelOf } from './deliveries.js';

describe('statusLabelOf', () => {
  it('says "awaiting payment" for an unpaid booking, while its filter group stays pending', () => {
    expect(statusLabelOf('awaiting_payment')).toBe('awaiting_payment');
    expect(DISPLAY_STATUS_OF.awaiting_payment).toBe('pending');
  });

  it('is the display group for every other status', () => {
    for (const status of DELIVERY_STATUSES.filter((s) => s !== 'awaiting_payment')) {
      expect(statusLabelOf(status)).toBe(DISPLAY_STATUS_OF[status]);
    }
  });
});
