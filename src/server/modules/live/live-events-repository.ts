import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { liveEventHeads, liveEvents } from '../../db/schema/index.js';

export interface StoredLiveEvent {
  seq: number;
  name: string;
  data: unknown;
}

/** Several users' events: `batch` is the JSON array of { userId, events: [{ name, data }] } (see append). */
function prepareAppend(db: Executor) {
  const input = db
    .$with('input', { userId: sql<string>`user_id`.as('user_id'), events: sql<unknown>`events`.as('events'), n: sql<number>`n`.as('n') })
    .as(
      sql`select (value ->> 'userId')::uuid as user_id, value -> 'events' as events, jsonb_array_length(value -> 'events') as n
        from jsonb_array_elements(${sql.placeholder('batch')}::jsonb) as t(value)`,
    );
  const head = db.$with('head').as(
    db
      .insert(liveEventHeads)
      .select(sql`select ${input.userId}, ${input.n} from ${input} order by ${input.userId}`)
      .onConflictDoUpdate({ target: liveEventHeads.userId, set: { lastSeq: sql`${liveEventHeads.lastSeq} + excluded.last_seq` } })
      .returning({ userId: liveEventHeads.userId, lastSeq: liveEventHeads.lastSeq }),
  );
  return db
    .with(input, head)
    .insert(liveEvents)
    .select(
      sql`select ${head.userId}, ${head.lastSeq} - ${input.n} + e.ord, e.value ->> 'name', e.value -> 'data', now()
        from ${head} join ${input} using (user_id), jsonb_array_elements(${input.events}) with ordinality as e(value, ord)`,
    )
    .returning({ userId: liveEvents.userId, seq: liveEvents.seq })
    .prepare('live_append');
}

export function createLiveEventsRepository(db: Executor) {
  let appendStatement: ReturnType<typeof prepareAppend> | undefined;
  return {
    /**
     * Appends several users' events in one statement, each user's numbered in the order given. Taking a user's next
     * numbers locks their head row until the commit, so a user's numbers commit in order and without gaps: a
     * listener that sees n+2 after n knows n+1 exists. Heads are taken in user order, so two instances' statements
     * cannot deadlock. Returns each user's new numbers, ascending.
     */
    async append(batch: readonly { userId: string; events: readonly { name: string; data: unknown }[] }[]): Promise<Map<string, number[]>> {
      const rows = await (appendStatement ??= prepareAppend(db)).execute({ batch: JSON.stringify(batch) });
      const seqs = new Map<string, number[]>();
      for (const row of rows) {
        const list = seqs.get(row.userId) ?? [];
        list.push(Number(row.seq));
        seqs.set(row.userId, list);
      }
      for (const list of seqs.values()) list.sort((a, b) => a - b);
      return seqs;
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
