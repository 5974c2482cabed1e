import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/schemas/common.js';
import { changePasswordBodySchema, emptyResultSchema } from '../../../shared/schemas/auth.js';
import { reauthBodySchema, reauthResultSchema } from '../../../shared/schemas/wallet-money.js';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import type { AuthService } from './auth-service.js';

/** `POST /api/reauth`: the password again, for the next 5 minutes of withdrawals and payout-account changes. */
export function reauthRoutes(auth: Pick<AuthService, 'reauthenticate' | 'changePassword'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/reauth',
      {
        schema: {
          tags: ['auth'],
          summary: 'Step-up: enter the password again (valid 5 minutes for withdrawals and payout accounts)',
          body: reauthBodySchema,
          response: { 200: envelope(reauthResultSchema) },
        },
      },
      async (request) => ok(await auth.reauthenticate(requireUser(request), request.body.password, { ip: request.ip }), 'Password confirmed.'),
    );

    app.post(
      '/change-password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Change the password: the current one, then a new one; every other session is signed out',
          body: changePasswordBodySchema,
          response: { 200: envelope(emptyResultSchema) },
        },
      },
      async (request) => {
        await auth.changePassword(requireUser(request), request.body, { ip: request.ip });
        return ok({}, 'Password changed.');
      },
    );
  };
}
