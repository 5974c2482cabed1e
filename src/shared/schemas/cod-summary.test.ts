import { describe, expect, it } from 'vitest';
import { showsPayOnDeliveryMoney } from './deliveries.js';

describe('showsPayOnDeliveryMoney', () => {
  const none = { collectedKobo: 0, awaitingKobo: 0, hasOrders: false };
  it('shows the block to a shipper of pay-on-delivery orders, even with nothing collected yet', () => {
    expect(showsPayOnDeliveryMoney({ ...none, hasOrders: true }, 0)).toBe(true);
  });
  it('hides it from anyone without such orders and without a figure (a driver)', () => {
    expect(showsPayOnDeliveryMoney(none, 0)).toBe(false);
  });
  it('shows it when something is owed, as a prepaid return fee can be', () => {
    expect(showsPayOnDeliveryMoney(none, 50_000)).toBe(true);
  });
});
