import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsService } from './payments-service.js';

/**
 * Every minute, asks the gateway about the payments nobody confirmed (the payer closed the tab, the webhook was
 * lost): PaymentsService.reconcileStale. Rounds never overlap on one instance; on several, the claim on the payment
 * row still settles each once.
 */
export function createPaymentReconciler(options: {
  payments: Pick<PaymentsService, 'reconcileStale'>;
  everyMs: number;
  log: FastifyBaseLogger;
}) {
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | null = null;

  const runRound = () => {
    round ??= options.payments
      .reconcileStale(new Date())
      .then((counts) => {
        if (counts.settled + counts.expired + counts.error > 0) options.log.info({ counts }, 'payments reconciled');
      })
      .catch((err: unknown) => options.log.error({ err }, 'payment reconciliation round failed'))
      .finally(() => {
        round = null;
      });
    return round;
  };

  return {
    start() {
      timer ??= setInterval(() => void runRound(), options.everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await round;
    },
  };
}
