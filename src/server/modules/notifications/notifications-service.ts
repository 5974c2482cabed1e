import type { Notification } from '../../../shared/schemas/notifications.js';
import type { LiveService, PublishableEvent } from '../live/live-service.js';
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
  live: Pick<LiveService, 'publishMany'>;
}

/** The inbox. Every change that moves the unread count tells the user's open tabs (live `notifications.unread`). */
export function createNotificationsService({ repository, live }: Deps) {
  // Group-committed: a status change notifies its customer while many others are being notified too.
  const inserts = createGroupCommit((values: readonly NewNotification[]) => repository.insertMany(values));
  // The counts that follow them are read together too, each statement begun after its users' changes committed.
  const unreadCounts = createGroupCommit((userIds: readonly string[]) => repository.countUnreadMany(userIds));

  /**
   * Tells the user's tabs their unread count, with what changed it, then counts again until the count holds: another
   * instance may change the inbox between this count and its event, and store a truer count first. The last count
   * stored is then read after every change whose event is stored before it, so the tabs end right.
   */
  async function publishUnread(userId: string, alongside: readonly PublishableEvent[] = []) {
    let count = await unreadCounts.submit(userId);
    let events: readonly PublishableEvent[] = [...alongside, { name: 'notifications.unread', data: { count } }];
    for (;;) {
      await live.publishMany(userId, events);
      const now = await unreadCounts.submit(userId);
      if (now === count) return;
      count = now;
      events = [{ name: 'notifications.unread', data: { count } }];
    }
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
      // Counted after the insert has committed (not with it): a count taken in the insert's own snapshot would miss
      // another instance's rows.
      await publishUnread(values.userId, [{ name: 'notification', data: toNotification(row) }]);
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
