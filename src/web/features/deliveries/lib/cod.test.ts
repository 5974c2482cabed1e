import { describe, expect, it } from 'vitest';
import { RATE_CARD } from '@/shared/pricing';
import { nairaInputOf } from '@/web/lib/naira';
import { formFieldOfServerField } from './booking-locations';
import { amountToPayOf, codAmountKoboOf, estimatedCodTerms, termsOfCod } from './cod';

describe('pay on delivery in the web (decision 053)', () => {
  it('charges the delivery fee plus the reserve of a pay-on-delivery booking, the fee alone otherwise', () => {
    expect(amountToPayOf({ price: { total: 300_000 }, cod: { reserveKobo: 150_000 } })).toBe(450_000);
    expect(amountToPayOf({ price: { total: 300_000 }, cod: null })).toBe(300_000);
  });

  it('takes a typed amount within ₦100 to ₦500,000 and refuses the rest', () => {
    expect(codAmountKoboOf('20,000')).toBe(2_000_000);
    expect(codAmountKoboOf('₦100')).toBe(10_000);
    expect(codAmountKoboOf('500000')).toBe(50_000_000);
    expect(codAmountKoboOf('1234.56')).toBe(123_456);
    for (const text of ['', '99.99', '500000.01', 'abc', '-200', '1.005']) expect(codAmountKoboOf(text)).toBeNull();
  });

  it('estimates the issue\'s example: ₦20,000 on a ₦3,000 delivery leaves ₦19,700 and a ₦1,500 reserve', () => {
    expect(estimatedCodTerms(RATE_CARD, 300_000, '20000')).toEqual({ amountKobo: 2_000_000, feeKobo: 30_000, reserveKobo: 150_000, settledKobo: 1_970_000 });
    // The fee is at least ₦100.
    expect(estimatedCodTerms(RATE_CARD, 300_000, '1000')?.feeKobo).toBe(10_000);
    expect(estimatedCodTerms(RATE_CARD, 300_000, '50')).toBeNull();
  });

  it('reads a saved order\'s terms with what the shipper receives', () => {
    expect(termsOfCod({ amountKobo: 2_000_000, feeKobo: 30_000, reserveKobo: 150_000 }).settledKobo).toBe(1_970_000);
  });

  it('writes kobo back as the amount field\'s naira, and a server field error lands on it', () => {
    expect(nairaInputOf(2_000_000)).toBe('20000');
    expect(nairaInputOf(2_000_050)).toBe('20000.50');
    expect(nairaInputOf(10_005)).toBe('100.05');
    expect(formFieldOfServerField('collectOnDelivery.amountKobo')).toBe('codAmount');
    expect(formFieldOfServerField('collectOnDelivery')).toBe('codAmount');
  });
});
