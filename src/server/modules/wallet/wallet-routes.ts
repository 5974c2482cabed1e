import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/schemas/common.js';
import {
  walletStatsSchema,
  walletTransactionsPageSchema,
  walletTransactionsQuerySchema,
} from '../../../shared/schemas/wallet-money.js';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import type { WalletHistory } from './wallet-history.js';

export function walletRoutes(history: WalletHistory): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wallet',
      {
        schema: {
          tags: ['wallet'],
          summary: 'My wallet: balance and spending this month, last month and per month on average (kobo, Lagos months)',
          response: { 200: envelope(walletStatsSchema) },
        },
      },
      async (request) => ok(await history.stats(requireUser(request).id)),
    );

    app.get(
      '/wallet/transactions',
      {
        schema: {
          tags: ['wallet'],
          summary: 'My wallet transactions (its ledger lines), newest first',
          querystring: walletTransactionsQuerySchema,
          response: { 200: envelope(walletTransactionsPageSchema) },
        },
      },
      async (request) => ok(await history.transactions(requireUser(request).id, request.query)),
    );
  };
}
