import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/schemas/common.js';
import { deleteAccountBodySchema, emptyResultSchema } from '../../../shared/schemas/auth.js';
import { SUCCESS_MESSAGES } from '../../lib/messages.js';
import { ok } from '../../lib/reply.js';
import { requireUser } from '../../plugins/auth.js';
import type { AccountDeletionService } from './account-deletion-service.js';
import type { SessionService } from './session-service.js';

/** `POST /api/account/delete`: Settings' Delete account (issue 24, decision 059). */
export function accountRoutes(deletion: AccountDeletionService, sessions: Pick<SessionService, 'clearSessionCookie'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/account/delete',
      {
        schema: {
          tags: ['users'],
          summary: 'Delete the account: personal data erased or anonymised, the ledger and deliveries kept; signs out everywhere',
          description:
            'Needs the current password (wrong ones count towards the lockout, as at sign-in). Refused with 409 while ' +
            'something must be settled first: ACCOUNT_HAS_ACTIVE_DELIVERIES (params.count), ACCOUNT_HAS_PENDING_WITHDRAWAL, ' +
            'ACCOUNT_HAS_DEBT and ACCOUNT_HAS_BALANCE (params.amount: withdraw it first), OPERATOR_ACCOUNT_NOT_DELETABLE. ' +
            'On success the name becomes "Deleted user", the email, phone, password, picture, addresses, preferences, ' +
            'notifications, partner applications, API keys and webhook endpoints go, every session ends, and the ' +
            'identifiers may sign up again; deliveries, wallet, ledger, withdrawals, payments and receipts stay.',
          security: [{ sessionCookie: [] }, { bearerAuth: [] }],
          body: deleteAccountBodySchema,
          response: { 200: envelope(emptyResultSchema) },
        },
      },
      async (request, reply) => {
        await deletion.deleteAccount(requireUser(request).id, request.body, { ip: request.ip });
        sessions.clearSessionCookie(reply);
        return ok({}, SUCCESS_MESSAGES.accountDeleted);
      },
    );
  };
}
