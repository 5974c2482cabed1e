import type { FastifyBaseLogger } from 'fastify';
import { createPeriodicJob } from '../../lib/periodic-job.js';
import type { PaymentsService } from './payments-service.js';

/**
 * Every minute, asks the gateway about the payments nobody confirmed (the payer closed the tab, the webhook was
 * lost): PaymentsService.reconcileStale. Rounds never overlap on one instance; on several, the claim on the payment
 * row still settles each once (decision 046).
 */
export function createPaymentReconciler(options: {
  payments: Pick<PaymentsService, 'reconcileStale'>;
  everyMs: number;
  log: FastifyBaseLogger;
}) {
  return createPeriodicJob({
    name: 'payment reconciliation',
    everyMs: options.everyMs,
    log: options.log,
    run: async () => {
      const counts = await options.payments.reconcileStale(new Date());
      if (counts.settled + counts.expired + counts.error > 0) options.log.info({ counts }, 'payments reconciled');
    },
  });
}
