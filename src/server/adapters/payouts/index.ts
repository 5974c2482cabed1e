import type { Env } from '../../config/env.js';
import type { PayoutGateway } from './payout-gateway.js';
import { createManualPayouts } from './manual-payouts.js';
import { createPaystackPayouts } from './paystack-payouts.js';

export type * from './payout-gateway.js';

/** PAYOUT_DRIVER, or by default Paystack when its secret key is set, otherwise manual (operator) payouts. */
export function createPayoutGateway(
  env: Pick<Env, 'PAYOUT_DRIVER' | 'PAYSTACK_SECRET_KEY' | 'PAYSTACK_BASE_URL'>,
): PayoutGateway {
  const driver = env.PAYOUT_DRIVER ?? (env.PAYSTACK_SECRET_KEY ? 'paystack' : 'manual');
  if (driver === 'paystack' && env.PAYSTACK_SECRET_KEY) {
    return createPaystackPayouts({ secretKey: env.PAYSTACK_SECRET_KEY, baseUrl: env.PAYSTACK_BASE_URL });
  }
  return createManualPayouts();
}
