import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateProfileBodySchema, userProfileSchema } from '../../../shared/schemas/auth.js';
import { envelope } from '../../../shared/schemas/common.js';
import { ok } from '../../lib/reply.js';
import { SUCCESS_MESSAGES } from '../../lib/messages.js';
import { requireUser } from '../../plugins/auth.js';
import type { UsersService } from './users-service.js';

const TAGS = ['users'];

export function usersRoutes(users: UsersService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user-profile',
      {
        schema: {
          tags: TAGS,
          summary: "The signed-in user's profile; walletBalance is integer kobo",
          security: [{ sessionCookie: [] }, { bearerAuth: [] }],
          response: { 200: envelope(userProfileSchema) },
        },
      },
      async (request) => ok(await users.getProfile(requireUser(request).id), SUCCESS_MESSAGES.ok),
    );

    app.post(
      '/update/user-profile',
      {
        schema: {
          tags: TAGS,
          summary: 'Change some profile fields; the others stay as they are',
          security: [{ sessionCookie: [] }, { bearerAuth: [] }],
          body: updateProfileBodySchema,
          response: { 200: envelope(userProfileSchema) },
        },
      },
      async (request) =>
        ok(await users.updateProfile(requireUser(request).id, request.body), SUCCESS_MESSAGES.profileUpdated),
    );
  };
}
