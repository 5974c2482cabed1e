import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../shared/schemas/common.js';
import {
  notificationIdParamsSchema,
  notificationSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  unreadCountSchema,
  type Notification,
} from '../../../shared/schemas/notifications.js';
import { AppError } from '../../lib/app-error.js';
import { requireUser } from '../../plugins/auth.js';
import { ok } from '../../lib/reply.js';
import type { NotificationsRepository } from './notifications-repository.js';

const tags = ['notifications'];

type Row = NonNullable<Awaited<ReturnType<NotificationsRepository['markRead']>>>;

function toNotification(row: Row): Notification {
  return {
    id: row.id,
    type: row.type,
    messageKey: row.messageKey,
    params: row.params,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function notificationsRoutes(repository: NotificationsRepository): FastifyPluginAsyncZod {
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
      async (request) => {
        const { page, pageSize, unread } = request.query;
        const result = await repository.findPage(
          requireUser(request).id,
          unread === 'true',
          pageSize,
          (page - 1) * pageSize,
        );
        return ok({ items: result.items.map(toNotification), page, pageSize, total: result.total });
      },
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
      async (request) => ok({ count: await repository.countUnread(requireUser(request).id) }),
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
        const row = await repository.markRead(request.params.id, requireUser(request).id, new Date());
        if (!row) throw new AppError('NOT_FOUND');
        return ok(toNotification(row));
      },
    );
  };
}
