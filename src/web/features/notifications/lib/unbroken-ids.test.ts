import { describe, expect, it } from 'vitest';
import { splitAroundIds } from './unbroken-ids';

describe('splitAroundIds', () => {
  it('marks the tracking and delivery ids inside a message', () => {
    expect(
      splitAroundIds('Payment of ₦3,500.00 received for LF014. Tracking ID: LF-7KQ2-M9XD', {
        amount: '₦3,500.00',
        deliveryId: 'LF014',
        trackingId: 'LF-7KQ2-M9XD',
      }),
    ).toEqual([
      { text: 'Payment of ₦3,500.00 received for ', isId: false },
      { text: 'LF014', isId: true },
      { text: '. Tracking ID: ', isId: false },
      { text: 'LF-7KQ2-M9XD', isId: true },
    ]);
  });

  it('leaves a message without ids whole, and reads ids as plain text, not patterns', () => {
    expect(splitAroundIds('Wallet credited with ₦5,000.00', { amount: '₦5,000.00' })).toEqual([
      { text: 'Wallet credited with ₦5,000.00', isId: false },
    ]);
    expect(splitAroundIds('Ìfijíṣẹ́ L.F(1) ti dé', { deliveryId: 'L.F(1)' })).toEqual([
      { text: 'Ìfijíṣẹ́ ', isId: false },
      { text: 'L.F(1)', isId: true },
      { text: ' ti dé', isId: false },
    ]);
  });
});
