import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { liveEventHeads, liveEvents } from '../../db/schema/index.js';

export interface StoredLiveEvent {
  seq: number;
  name: string;
  data: unknown;
}

export function createLiveEventsRepository(db: Executor) {
  return {
    /**
     * Appends one event in one statement. Taking the next number locks the user's head row until the commit, so a
     * user's numbers commit in order and without gaps: a listener that sees n+2 after n knows n+1 exists.
     */
    async append(userId: string, name: string, data: unknown): Promise<StoredLiveEvent> {
      const result = await db.execute<{ seq: string | number }>(sql`
        with head as (
          insert into ${liveEventHeads} (user_id, last_seq) values (${userId}, 1)
          on conflict (user_id) do update set last_seq = ${liveEventHeads}.last_seq + 1
          returning last_seq
        )
        insert into ${liveEvents} (user_id, seq, name, data)
        select ${userId}, head.last_seq, ${name}, ${JSON.stringify(data)}::jsonb from head
        returning seq`);
      const rows = (result as unknown as { rows: Array<{ seq: string | number }> }).rows;
      return { seq: Number(rows[0]!.seq), name, data };
    },

    async findHead(userId: string): Promise<number> {
      const [row] = await db
        .select({ lastSeq: liveEventHeads.lastSeq })
        .from(liveEventHeads)
        .where(eq(liveEventHeads.userId, userId));
      return row?.lastSeq ?? 0;
    },

    /** The newest `limit` events after `afterSeq` and younger than `since`, oldest first. */
    async findAfter(userId: string, afterSeq: number, since: Date, limit: number): Promise<StoredLiveEvent[]> {
      const rows = await db
        .select({ seq: liveEvents.seq, name: liveEvents.name, data: liveEvents.data })
        .from(liveEvents)
        .where(and(eq(liveEvents.userId, userId), gt(liveEvents.seq, afterSeq), gt(liveEvents.createdAt, since)))
        .orderBy(desc(liveEvents.seq))
        .limit(limit);
      return rows.reverse();
    },

    async deleteOlderThan(before: Date): Promise<number> {
      const deleted = await db.delete(liveEvents).where(lt(liveEvents.createdAt, before)).returning({ seq: liveEvents.seq });
      return deleted.length;
    },
  };
}
export type LiveEventsRepository = ReturnType<typeof createLiveEventsRepository>;
