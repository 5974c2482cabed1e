import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../shared/schemas/common.js';
import { banksResponseSchema, listBanks } from '../../../shared/schemas/payouts.js';
import {
  markFailedBodySchema,
  markPaidBodySchema,
  operatorWithdrawalSchema,
  operatorWithdrawalsPageSchema,
  withdrawalAccountNumberSchema,
  withdrawalBodySchema,
  withdrawalIdParamsSchema,
  withdrawalListQuerySchema,
  withdrawalSchema,
} from '../../../shared/schemas/wallet-money.js';
import type { PayoutGateway } from '../../adapters/payouts/index.js';
import { AppError, routeNotFound } from '../../lib/app-error.js';
import { requireRole, requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import { OPERATOR_ROLE } from '../../../shared/roles.js';
import type { WithdrawalsService } from './withdrawals-service.js';


/** What the step-up check needs from the sessions module. */
export interface StepUp {
  requireRecentSignIn(sessionId: string): Promise<void>;
}

export function withdrawalsRoutes(service: WithdrawalsService, stepUp: StepUp): FastifyPluginAsyncZod {
  return async (app) => {
    const banks = listBanks();
    app.get(
      '/banks',
      {
        config: { public: true },
        schema: { tags: ['wallet'], summary: 'Nigerian banks with their transfer codes', response: { 200: envelope(banksResponseSchema) } },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        return ok(banks);
      },
    );

    app.post(
      '/wallet/withdrawals',
      {
        config: { idempotent: true },
        // Step-up before validation and before the idempotency claim, so a refusal is not stored as the key's answer.
        preValidation: async (request) => stepUp.requireRecentSignIn(requireUser(request).sessionId),
        schema: {
          tags: ['wallet'],
          summary: 'Withdraw to a bank account (needs a sign-in within 5 minutes: POST /api/reauth). Held at once, pending.',
          body: withdrawalBodySchema,
          response: { 201: envelope(withdrawalSchema) },
        },
      },
      async (request, reply) => {
        const withdrawal = await service.request(requireUser(request).id, request.body);
        return reply.status(201).send(ok(withdrawal, 'Withdrawal requested.'));
      },
    );
  };
}

/** Operators: the queue of withdrawals to pay by hand, and their outcome. */
export function operatorWithdrawalsRoutes(service: WithdrawalsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', async (request) => {
      requireRole(request, OPERATOR_ROLE);
    });

    app.get(
      '/dispatch/withdrawals',
      {
        schema: {
          tags: ['dispatch'],
          summary: 'Operators: withdrawals, newest first (optionally by status)',
          querystring: withdrawalListQuerySchema,
          response: { 200: envelope(operatorWithdrawalsPageSchema) },
        },
      },
      async (request) => ok(await service.list(request.query)),
    );

    app.post(
      '/dispatch/withdrawals/:id/account-number',
      {
        schema: {
          tags: ['dispatch'],
          summary: 'Operators: the whole account number of a pending withdrawal to pay by hand (each showing is logged)',
          params: withdrawalIdParamsSchema,
          body: z.unknown().optional(),
          response: { 200: envelope(withdrawalAccountNumberSchema) },
        },
      },
      async (request, reply) => {
        const shown = await service.revealAccountNumber(request.params.id);
        request.log.info({ withdrawalId: request.params.id, operatorId: requireUser(request).id }, 'withdrawal account number shown');
        reply.header('cache-control', 'no-store');
        return ok(shown);
      },
    );

    app.post(
      '/dispatch/withdrawals/:id/mark-paid',
      {
        config: { idempotent: true },
        schema: {
          tags: ['dispatch'],
          summary: "Operators: the transfer was made (with the bank's reference for it); the held money leaves for good",
          params: withdrawalIdParamsSchema,
          body: markPaidBodySchema,
          response: { 200: envelope(operatorWithdrawalSchema) },
        },
      },
      async (request) => ok(await service.markPaid(request.params.id, request.body), 'Withdrawal marked paid.'),
    );

    app.post(
      '/dispatch/withdrawals/:id/mark-failed',
      {
        config: { idempotent: true },
        schema: {
          tags: ['dispatch'],
          summary: 'Operators: the transfer could not be made; the held money returns to the wallet',
          params: withdrawalIdParamsSchema,
          body: markFailedBodySchema,
          response: { 200: envelope(operatorWithdrawalSchema) },
        },
      },
      async (request) => ok(await service.markFailed(request.params.id, request.body?.reason ?? null), 'Withdrawal marked failed.'),
    );
  };
}

/** Paystack's transfer events. Its signature covers the exact bytes, so this scope keeps the raw body. */
export function transferWebhookRoutes(service: WithdrawalsService, payouts: PayoutGateway): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    app.post(
      '/payments/paystack/transfer-webhook',
      {
        config: { public: true },
        schema: { tags: ['payments'], summary: 'Paystack transfer.success|failed|reversed (x-paystack-signature)' },
      },
      async (request) => {
        if (payouts.name !== 'paystack') throw routeNotFound(request);
        if (!Buffer.isBuffer(request.body)) throw new AppError('INVALID_SIGNATURE');
        const event = payouts.parseWebhook(request.body, request.headers['x-paystack-signature']);
        const outcome = await service.handleTransferEvent(event);
        if (!outcome.handled) request.log.warn({ outcome }, 'paystack transfer webhook not applied');
        return ok({ received: true });
      },
    );
  };
}
