import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { ApiKeyCaller } from '../../lib/api-key-caller.js';
import type { V1Delivery, V1DeliveryBody, V1Quote } from '../../../shared/schemas/merchant-api.js';
import type { QuoteBody } from '../../../shared/schemas/quotes.js';
import type { DeliveriesService } from '../deliveries/deliveries-service.js';
import type { MerchantDeliveries, MerchantScope } from '../deliveries/merchant-deliveries.js';
import { toV1Delivery } from '../deliveries/delivery-view.js';
import type { QuotesService } from '../quotes/quotes-service.js';
import type { WalletService } from '../wallet/wallet-service.js';

const EXTERNAL_REFERENCE_CONSTRAINT = 'deliveries_external_reference_key';

interface Deps {
  quotes: Pick<QuotesService, 'quote'>;
  deliveries: Pick<DeliveriesService, 'bookPaidFromWallet' | 'cancelDelivery'>;
  merchantDeliveries: MerchantDeliveries;
  wallet: Pick<WalletService, 'findBalance' | 'payableOutKobo'>;
}

export const scopeOf = (caller: ApiKeyCaller): MerchantScope => ({ userId: caller.userId, livemode: caller.mode === 'live' });

/**
 * Pay on delivery is for live keys (403 LIVE_MODE_ONLY): its payment (fee and return reserve in one posting) does not
 * yet keep to sandbox money, as test mode must. Judged at the quote as at the booking, so the first call says so.
 */
function assertPayOnDeliveryAllowed(scope: MerchantScope, collectOnDelivery: unknown) {
  if (collectOnDelivery && !scope.livemode) throw new AppError('LIVE_MODE_ONLY');
}

/**
 * The merchant API's bookings (issue 23): the web's services, called with the key owner's account. A test key's
 * deliveries are test-mode ones, paid with the wallet's sandbox money only.
 */
export function createMerchantApiService({ quotes, deliveries, merchantDeliveries, wallet }: Deps) {
  /** What this mode may spend: all of the balance (live), or its sandbox part only (test). */
  async function spendableKobo(scope: MerchantScope): Promise<number> {
    const [balance, payableOut] = await Promise.all([wallet.findBalance(scope.userId), wallet.payableOutKobo(scope.userId)]);
    return scope.livemode ? balance : balance - payableOut;
  }

  return {
    async quote(caller: ApiKeyCaller, body: QuoteBody): Promise<V1Quote> {
      const scope = scopeOf(caller);
      assertPayOnDeliveryAllowed(scope, body.collectOnDelivery);
      return { object: 'quote', ...(await quotes.quote(caller.userId, body, scope.livemode)), livemode: scope.livemode };
    },

    /**
     * Books at the quote's price and pays from the wallet, in one transaction. When the wallet cannot pay, nothing
     * stays (no delivery, no webhook; the quote and the external reference are still free) and the answer is 402
     * with the shortfall: the merchant tops up and books again. Pay on delivery is for live keys (403 LIVE_MODE_ONLY otherwise).
     */
    async book(caller: ApiKeyCaller, body: V1DeliveryBody): Promise<V1Delivery> {
      const scope = scopeOf(caller);
      assertPayOnDeliveryAllowed(scope, body.collectOnDelivery);
      try {
        const outcome = await deliveries.bookPaidFromWallet(
          caller.userId,
          {
            quoteId: body.quoteId,
            receiverName: body.receiver.name,
            receiverPhone: body.receiver.phone,
            receiverLanguage: body.receiver.language,
            description: body.notes,
            collectOnDelivery: body.collectOnDelivery,
          },
          { livemode: scope.livemode, externalReference: body.externalReference ?? null },
        );
        // Answered from the paid row: nothing is read again.
        if (outcome.kind === 'paid') return toV1Delivery(outcome.delivery);
        // What the booking costs: the delivery fee and, for pay on delivery, its return reserve.
        const shortfallKobo = Math.max(1, outcome.amountKobo - (await spendableKobo(scope)));
        throw new AppError('INSUFFICIENT_BALANCE', { params: { shortfallKobo, amountKobo: outcome.amountKobo } });
      } catch (error) {
        if (isUniqueViolation(error, EXTERNAL_REFERENCE_CONSTRAINT)) {
          throw new AppError('EXTERNAL_REFERENCE_TAKEN', { params: { externalReference: body.externalReference ?? '' } });
        }
        throw error;
      }
    },

    async cancel(caller: ApiKeyCaller, publicId: string): Promise<V1Delivery> {
      const scope = scopeOf(caller);
      await merchantDeliveries.find(scope, publicId);
      await deliveries.cancelDelivery(caller.userId, publicId);
      return merchantDeliveries.get(scope, publicId);
    },
  };
}
export type MerchantApiService = ReturnType<typeof createMerchantApiService>;
