import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../shared/schemas/common.js';
import {
  notificationIdParamsSchema,
  notificationSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  readAllResultSchema,
  unreadCountSchema,
} from '../../../shared/schemas/notifications.js';
import { AppError } from '../../lib/app-error.js';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import type { NotificationsService } from './notifications-service.js';

const tags = ['notifications'];

export function notificationsRoutes(notifications: NotificationsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/notifications',
      {
        schema: {
          tags,
          summary: 'My notifications, newest first',
          querystring: notificationsQuerySchema,
          response: { 200: envelope(notificationsPageSchema) },
        },
      },
      async (request) => ok(await notifications.listPage(requireUser(request).id, request.query)),
    );

    app.get(
      '/notifications/unread-count',
      {
        schema: {
          tags,
          summary: 'How many are unread (the bell badge)',
          response: { 200: envelope(unreadCountSchema) },
        },
      },
      async (request) => ok({ count: await notifications.countUnread(requireUser(request).id) }),
    );

    app.post(
      '/notifications/:id/read',
      {
        schema: {
          tags,
          summary: 'Mark one as read',
          params: notificationIdParamsSchema,
          body: z.unknown().optional(),
          response: { 200: envelope(notificationSchema) },
        },
      },
      async (request) => {
        const notification = await notifications.markRead(request.params.id, requireUser(request).id);
        if (!notification) throw new AppError('NOT_FOUND');
        return ok(notification);
      },
    );

    app.post(
      '/notifications/read-all',
      {
        schema: {
          tags,
          summary: 'Mark all as read',
          body: z.unknown().optional(),
          response: { 200: envelope(readAllResultSchema) },
        },
      },
      async (request) => ok({ updated: await notifications.markAllRead(requireUser(request).id) }),
    );

    app.delete(
      '/notifications/:id',
      {
        schema: {
          tags,
          summary: 'Dismiss one (gone from the list and the unread count)',
          params: notificationIdParamsSchema,
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        if (!(await notifications.dismiss(request.params.id, requireUser(request).id))) {
          throw new AppError('NOT_FOUND');
        }
        return ok(null);
      },
    );
  };
}
