import type { Notification } from '../../../shared/schemas/notifications.js';
import type { LiveService } from '../live/live-service.js';
import type { NewNotification, NotificationsRepository } from './notifications-repository.js';
import { createGroupCommit } from '../../lib/group-commit.js';
import { z } from 'zod';
import { cursorInstant, cursorUuid, decodeCursor, pageOf } from '../../lib/cursor.js';
import type { CursorQuery } from '../../../shared/schemas/paging.js';

/** A notifications cursor: the last row's created_at as stored, and its id. */
const notificationCursorShape = z.tuple([cursorInstant, cursorUuid]);

type Row = Awaited<ReturnType<NotificationsRepository['insertMany']>>[number];

export function toNotification(row: Row): Notification {
  return {
    id: row.id,
    type: row.type,
    messageKey: row.messageKey,
    params: row.params,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

interface Deps {
  repository: NotificationsRepository;
  live: Pick<LiveService, 'publish' | 'publishMany'>;
}

/** The inbox. Every change that moves the unread count tells the user's open tabs (live `notifications.unread`). */
export function createNotificationsService({ repository, live }: Deps) {
  // Group-committed: a status change notifies its customer while many others are being notified too.
  const inserts = createGroupCommit((values: readonly NewNotification[]) => repository.insertMany(values));
  // The counts that follow them are read together too, each statement begun after its users' changes committed.
  const unreadCounts = createGroupCommit((userIds: readonly string[]) => repository.countUnreadMany(userIds));

  async function publishUnread(userId: string) {
    await live.publish(userId, 'notifications.unread', { count: await unreadCounts.submit(userId) });
  }

  return {
    /** One keyset page of a user's notifications, newest first (decision 049). */
    async listPage(userId: string, query: CursorQuery & { unread?: 'true' | 'false' }) {
      const key = decodeCursor(query.cursor, notificationCursorShape);
      const rows = await repository.findPage(userId, query.unread === 'true', key ? { at: key[0], id: key[1] } : null, query.limit + 1);
      return pageOf(rows, query.limit, (row) => [row.cursorAt, row.notification.id], (row) => toNotification(row.notification));
    },
    countUnread: repository.countUnread,

    async insertNotification(values: NewNotification): Promise<void> {
      const row = await inserts.submit(values);
      // Counted after the insert has committed (not with it): another instance may be notifying the same user, and
      // a count taken in the insert's own snapshot would miss its rows. The two events are stored together.
      const count = await unreadCounts.submit(values.userId);
      await live.publishMany(values.userId, [
        { name: 'notification', data: toNotification(row) },
        { name: 'notifications.unread', data: { count } },
      ]);
    },

    /** Null when it is not this user's. */
    async markRead(id: string, userId: string) {
      const row = await repository.markRead(id, userId, new Date());
      if (!row) return null;
      await publishUnread(userId);
      return toNotification(row);
    },

    async markAllRead(userId: string) {
      const updated = await repository.markAllRead(userId, new Date());
      if (updated > 0) await publishUnread(userId);
      return updated;
    },

    /** False when it is not this user's. */
    async dismiss(id: string, userId: string) {
      const deleted = await repository.deleteNotification(id, userId);
      if (deleted) await publishUnread(userId);
      return deleted;
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
