import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/schemas/common.js';
import { notificationPreferencesSchema } from '../../../shared/schemas/preferences.js';
import { SUCCESS_MESSAGES } from '../../lib/messages.js';
import { ok } from '../../lib/reply.js';
import { requireUser } from '../../plugins/auth.js';
import type { PreferencesService } from './preferences-service.js';

const TAGS = ['preferences'];
const security: Record<string, string[]>[] = [{ sessionCookie: [] }, { bearerAuth: [] }];

export function preferencesRoutes(preferences: PreferencesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/preferences',
      {
        schema: {
          tags: TAGS,
          summary: "The signed-in user's notification preferences; all off until saved",
          security,
          response: { 200: envelope(notificationPreferencesSchema) },
        },
      },
      async (request) => ok(await preferences.find(requireUser(request).id)),
    );

    app.put(
      '/preferences',
      {
        schema: {
          tags: TAGS,
          summary: 'Replace the notification preferences (every field, nothing else)',
          description:
            'Optional messages (delivery updates, promotions) follow these; codes, receipts and security notices are ' +
            'always sent. SMS/WhatsApp carry optional messages only with smsNotifications on.',
          security,
          body: notificationPreferencesSchema,
          response: { 200: envelope(notificationPreferencesSchema) },
        },
      },
      async (request) =>
        ok(await preferences.save(requireUser(request).id, request.body), SUCCESS_MESSAGES.preferencesSaved),
    );
  };
}
