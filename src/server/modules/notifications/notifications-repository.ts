import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { insertRow, rowColumnsOf } from '../../db/insert-row.js';
import { notifications } from '../../db/schema/index.js';
import type { NotificationKey, NotificationType } from '../../../shared/schemas/notifications.js';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  messageKey: NotificationKey;
  params: Record<string, string | number>;
}

/** Several notifications, of any users (`values`, their JSON array), in one statement; the rows in the order given. */
function prepareInsert(db: Executor) {
  const input = db
    .$with('input', {
      inputId: sql<string>`input_id`.as('input_id'),
      userId: sql<string>`user_id`.as('user_id'),
      type: sql<NotificationType>`type`.as('type'),
      messageKey: sql<string>`message_key`.as('message_key'),
      params: sql<Record<string, string | number>>`params`.as('params'),
      ord: sql<number>`ord`.as('ord'),
    })
    .as(
      sql`select gen_random_uuid() as input_id, (value ->> 'userId')::uuid as user_id, value ->> 'type' as type,
        value ->> 'messageKey' as message_key, value -> 'params' as params, ord
      from jsonb_array_elements(${sql.placeholder('values')}::jsonb) with ordinality as t(value, ord)`,
    );
  const inserted = db.$with('inserted').as(
    db
      .insert(notifications)
      .select(db.select(insertRow(notifications, { id: input.inputId, userId: input.userId, type: input.type, messageKey: input.messageKey, params: input.params })).from(input))
      .returning(),
  );
  return db.with(input, inserted).select(rowColumnsOf(notifications, inserted)).from(inserted).innerJoin(input, eq(input.inputId, inserted.id)).orderBy(input.ord).prepare('notifications_insert');
}

/** Each user's unread count (`userIds`, their JSON array), in the order given; also in the plan test's registry. */
export function prepareUnreadCounts(db: Executor) {
  return db
    .select({
      count: sql<number>`(select count(*) from ${notifications} where ${notifications.userId} = input.user_id and ${notifications.readAt} is null)::int`,
    })
    .from(
      sql`jsonb_array_elements_text(${sql.placeholder('userIds')}::jsonb) with ordinality as t(value, ord),
        lateral (select value::uuid as user_id) as input`,
    )
    .orderBy(sql`t.ord`)
    .prepare('notifications_unread');
}

export function createNotificationsRepository(db: Executor) {
  let insertStatement: ReturnType<typeof prepareInsert> | undefined;
  let unreadCountsStatement: ReturnType<typeof prepareUnreadCounts> | undefined;
  return {
    /** Several notifications, of any users, in one statement; the rows in the order given. */
    async insertMany(values: readonly NewNotification[]) {
      if (values.length === 0) return [];
      const rows = await (insertStatement ??= prepareInsert(db)).execute({ values: JSON.stringify(values) });
      return rows as unknown as (typeof notifications.$inferSelect)[];
    },

    /**
     * One keyset page, newest first (notifications_user_idx, or notifications_user_unread_idx for unread only): up to
     * `limit` rows after `after`, each with its created_at as stored (`cursorAt`) for the next cursor.
     */
    findPage(userId: string, unreadOnly: boolean, after: { at: string; id: string } | null, limit: number) {
      return db
        .select({ notification: notifications, cursorAt: sql<string>`${notifications.createdAt}::text`.as('cursor_at') })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            unreadOnly ? isNull(notifications.readAt) : undefined,
            after ? sql`(${notifications.createdAt}, ${notifications.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
    },

    async countUnread(userId: string) {
      const [row] = await db
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.count ?? 0;
    },

    /** Each user's unread count in one statement, in the order given (a user may appear more than once). */
    async countUnreadMany(userIds: readonly string[]): Promise<number[]> {
      if (userIds.length === 0) return [];
      const rows = await (unreadCountsStatement ??= prepareUnreadCounts(db)).execute({ userIds: JSON.stringify(userIds) });
      return rows.map((row) => Number(row.count));
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
