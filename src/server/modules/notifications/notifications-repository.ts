import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { mapRow } from '../../db/map-row.js';
import { notifications } from '../../db/schema/index.js';
import type { NotificationKey, NotificationType } from '../../../shared/schemas/notifications.js';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  messageKey: NotificationKey;
  params: Record<string, string | number>;
}

export function createNotificationsRepository(db: Executor) {
  return {
    /** The new row and the user's unread count with it, in one round trip. */
    async insertNotification(values: NewNotification, tx: Executor = db) {
      const result = await tx.execute(sql`
        with inserted as ${tx.insert(notifications).values(values).returning()}
        select inserted.*, (
          -- The statement's snapshot does not see the row it inserts: that one is unread too.
          select count(*) + 1 from ${notifications} n where n.user_id = ${values.userId}::uuid and n.read_at is null
        ) as unread_count
        from inserted`);
      const raw = (result as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
      return { row: mapRow(notifications, raw), unread: Number(raw.unread_count) };
    },

    async findPage(userId: string, unreadOnly: boolean, limit: number, offset: number) {
      const where = unreadOnly
        ? and(eq(notifications.userId, userId), isNull(notifications.readAt))
        : eq(notifications.userId, userId);
      const rows = await db
        .select({ notification: notifications, total: sql<number>`count(*) over()`.mapWith(Number) })
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit)
        .offset(offset);
      if (rows.length > 0 || offset === 0)
        return { items: rows.map((r) => r.notification), total: rows[0]?.total ?? 0 };
      const [count] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(notifications)
        .where(where);
      return { items: [], total: count?.total ?? 0 };
    },

    async countUnread(userId: string) {
      const [row] = await db
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.count ?? 0;
    },

    /** Marks read once; the first read time is kept. Null when it is not this user's. */
    async markRead(id: string, userId: string, now: Date) {
      const [row] = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning();
      return row ?? null;
    },

    /** How many were unread and are now read. */
    async markAllRead(userId: string, now: Date) {
      const rows = await db
        .update(notifications)
        .set({ readAt: now })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.length;
    },

    /** Dismissed is deleted: gone from the list and the count. False when it is not this user's. */
    async deleteNotification(id: string, userId: string) {
      const rows = await db
        .delete(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },
  };
}
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
