import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../shared/schemas/common.js';
import {
  initiatePaymentBodySchema,
  initiatePaymentResultSchema,
  verifyPaymentQuerySchema,
  verifyPaymentResultSchema,
} from '../../../shared/schemas/payments.js';
import type { PaymentGateway } from '../../adapters/payments/index.js';
import { AppError, routeNotFound } from '../../lib/app-error.js';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import { SUCCESS_MESSAGES } from '../../lib/messages.js';
import type { PaymentsService } from './payments-service.js';

const tags = ['payments'];

export function paymentsRoutes(service: PaymentsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/payments/initiate',
      {
        config: { idempotent: true },
        schema: {
          tags,
          summary: 'Pay for a delivery: wallet pays at once; card returns the gateway checkout URL',
          body: initiatePaymentBodySchema,
          response: { 200: envelope(initiatePaymentResultSchema) },
        },
      },
      async (request) => {
        const result = await service.initiatePayment(requireUser(request).id, request.body);
        return ok(result, result.status === 'succeeded' ? SUCCESS_MESSAGES.paymentSucceeded : SUCCESS_MESSAGES.continueToCheckout);
      },
    );

    app.post(
      '/payments/verify',
      {
        schema: {
          tags,
          summary: 'Confirm a card payment with the gateway (idempotent); returns the paid delivery',
          querystring: verifyPaymentQuerySchema,
          body: z.unknown().optional(),
          response: { 200: envelope(verifyPaymentResultSchema) },
        },
      },
      async (request) =>
        ok(
          await service.verifyPayment(requireUser(request).id, request.query.reference, request.query.delivery_id),
          SUCCESS_MESSAGES.paymentSucceeded,
        ),
    );
  };
}

/** Paystack's webhook. Its signature covers the exact bytes, so this scope keeps the raw body. */
export function paystackWebhookRoutes(service: PaymentsService, gateway: PaymentGateway): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post(
      '/payments/webhook/paystack',
      {
        config: { public: true },
        schema: { tags, summary: 'Paystack events (x-paystack-signature: HMAC-SHA512 of the body)' },
      },
      async (request) => {
        if (gateway.name !== 'paystack') throw routeNotFound(request);
        if (!Buffer.isBuffer(request.body)) throw new AppError('INVALID_SIGNATURE');
        const event = gateway.parseWebhook(request.body, request.headers);
        const outcome = await service.handleWebhookEvent(event);
        if (!outcome.handled) request.log.warn({ outcome }, 'paystack webhook not applied');
        return ok({ received: true });
      },
    );
  };
}
