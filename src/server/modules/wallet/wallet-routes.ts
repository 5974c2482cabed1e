import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/schemas/common.js';
import { walletSummarySchema } from '../../../shared/schemas/wallet.js';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import type { WalletService } from './wallet-service.js';

export function walletRoutes(wallet: Pick<WalletService, 'findBalance'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wallet',
      {
        schema: {
          tags: ['wallet'],
          summary: 'My wallet balance (kobo)',
          response: { 200: envelope(walletSummarySchema) },
        },
      },
      async (request) => ok({ balance: await wallet.findBalance(requireUser(request).id) }),
    );
  };
}
