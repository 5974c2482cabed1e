import type { Env } from '../../config/env.js';
import type { PaymentGateway } from './payment-gateway.js';
import { createPaystackGateway } from './paystack-gateway.js';
import { createSandboxGateway } from './sandbox-gateway.js';
import type { SandboxRepository } from './sandbox-repository.js';

export type { PaymentGateway } from './payment-gateway.js';

/**
 * The gateway PAYMENT_GATEWAY names (config/env.ts resolves its default and refuses paystack without a key). The
 * sandbox shares its charges with its checkout's routes (sandbox-routes.ts).
 */
export function createPaymentGateway(env: Env, sandbox: SandboxRepository): PaymentGateway {
  if (env.PAYMENT_GATEWAY === 'paystack' && env.PAYSTACK_SECRET_KEY) {
    return createPaystackGateway({ secretKey: env.PAYSTACK_SECRET_KEY, baseUrl: env.PAYSTACK_BASE_URL });
  }
  return createSandboxGateway(sandbox);
}
