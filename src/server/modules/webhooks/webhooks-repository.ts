import { and, asc, count, desc, eq, inArray, lt, lte, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { webhookAttempts, webhookEndpoints, webhookEvents, webhookRelayQueue, webhookSends, webhookSequences } from '../../db/schema/index.js';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type NewWebhookEvent = typeof webhookEvents.$inferInsert;
export type QueuedChange = typeof webhookRelayQueue.$inferSelect;

/** Only one relay at a time across instances, so a delivery's sequence follows its changes' order. */
const RELAY_LOCK_KEY = 0x57_48_52_4c; // "WHRL"
/** Only one retention sweep at a time across instances. */
const RETENTION_LOCK_KEY = 0x57_48_52_54; // "WHRT"

export interface AttemptKey {
  at: string;
  id: string;
}

export function createWebhooksRepository(db: Executor) {
  const owned = (id: string, userId: string) => and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId));

  /** One keyset page of an endpoint's attempts, newest first (webhook_attempts_endpoint_idx). */
  function attemptsPageQuery(endpointId: string, after: AttemptKey | null, limit: number) {
    return db
      .select({ attempt: webhookAttempts, cursorAt: sql<string>`${webhookAttempts.attemptedAt}::text`.as('cursor_at') })
      .from(webhookAttempts)
      .where(
        and(
          eq(webhookAttempts.endpointId, endpointId),
          after ? sql`(${webhookAttempts.attemptedAt}, ${webhookAttempts.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id))
      .limit(limit);
  }

  /**
   * Due sends, claimed for one attempt: a lease pushes them forward, SKIP LOCKED lets instances share the table.
   * Only the first send still owed of each delivery to each endpoint is due (decision 054): a later event of the
   * delivery waits until every earlier one to that endpoint has succeeded or been given up, so a receiver gets a
   * delivery's events in sequence order even across retries. The wait reads `status`, which a claim does not change,
   * so two instances claiming at once cannot both pass it.
   */
  function claimQuery(now: Date, leaseUntil: Date, limit: number, tx: Executor = db) {
    const thisEvent = alias(webhookEvents, 'this_event');
    const earlierEvent = alias(webhookEvents, 'earlier_event');
    const earlierSend = alias(webhookSends, 'earlier_send');
    const earlierOwed = tx
      .select({ one: sql`1` })
      .from(thisEvent)
      .innerJoin(earlierEvent, and(eq(earlierEvent.deliveryId, thisEvent.deliveryId), lt(earlierEvent.sequence, thisEvent.sequence)))
      .innerJoin(
        earlierSend,
        and(eq(earlierSend.eventId, earlierEvent.id), eq(earlierSend.endpointId, webhookSends.endpointId), eq(earlierSend.status, 'pending')),
      )
      .where(eq(thisEvent.id, webhookSends.eventId));
    const due = tx
      .select({ id: webhookSends.id })
      .from(webhookSends)
      .where(and(eq(webhookSends.status, 'pending'), lte(webhookSends.nextAttemptAt, now), notExists(earlierOwed)))
      .orderBy(asc(webhookSends.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed = tx.$with('claimed').as(
      tx
        .update(webhookSends)
        .set({ attempts: sql`${webhookSends.attempts} + 1`, nextAttemptAt: leaseUntil })
        .where(inArray(webhookSends.id, due))
        .returning({ sendId: webhookSends.id, endpointId: webhookSends.endpointId, eventId: webhookSends.eventId, attempts: webhookSends.attempts }),
    );
    return tx
      .with(claimed)
      .select({
        sendId: claimed.sendId,
        attempts: claimed.attempts,
        endpointId: claimed.endpointId,
        eventId: claimed.eventId,
        url: webhookEndpoints.url,
        secretCiphertext: webhookEndpoints.secretCiphertext,
        previousSecretCiphertext: webhookEndpoints.previousSecretCiphertext,
        previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
        eventType: webhookEvents.type,
        body: webhookEvents.body,
      })
      .from(claimed)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, claimed.endpointId))
      .innerJoin(webhookEvents, eq(webhookEvents.id, claimed.eventId));
  }

  /** The oldest events made before `before` that owe nothing more: the retention sweep's batch (plan-tested). */
  function settledBeforeQuery(before: Date, limit: number, tx: Executor = db) {
    const stillOwed = tx
      .select({ one: sql`1` })
      .from(webhookSends)
      .where(and(eq(webhookSends.eventId, webhookEvents.id), eq(webhookSends.status, 'pending')));
    return tx
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(and(lt(webhookEvents.createdAt, before), notExists(stillOwed)))
      .orderBy(asc(webhookEvents.createdAt))
      .limit(limit);
  }

  return {
    attemptsPageQuery,
    claimQuery,
    settledBeforeQuery,

    async countEndpoints(userId: string) {
      const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
      return row?.n ?? 0;
    },

    async insertEndpoint(values: typeof webhookEndpoints.$inferInsert) {
      const [row] = await db.insert(webhookEndpoints).values(values).returning();
      return row!;
    },

    listEndpoints: (userId: string) =>
      db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId)).orderBy(desc(webhookEndpoints.createdAt)),

    async findEndpoint(id: string, userId: string) {
      const [row] = await db.select().from(webhookEndpoints).where(owned(id, userId)).limit(1);
      return row ?? null;
    },

    async updateEndpoint(id: string, userId: string, patch: Partial<typeof webhookEndpoints.$inferInsert>, tx: Executor = db) {
      const [row] = await tx.update(webhookEndpoints).set(patch).where(owned(id, userId)).returning();
      return row ?? null;
    },

    async deleteEndpoint(id: string, userId: string) {
      const deleted = await db.delete(webhookEndpoints).where(owned(id, userId)).returning({ id: webhookEndpoints.id });
      return deleted.length > 0;
    },

    /** Gives up what an endpoint was still owed (it was switched off): they stay in the log, and may be re-sent. */
    async failPendingSends(endpointId: string, tx: Executor = db) {
      await tx.update(webhookSends).set({ status: 'failed' }).where(and(eq(webhookSends.endpointId, endpointId), eq(webhookSends.status, 'pending')));
    },

    /** Whether this transaction is the relay (the others skip their round). */
    async tryRelayLock(tx: Executor) {
      const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${RELAY_LOCK_KEY}) as locked`);
      return Boolean((result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked);
    },

    /** Whether anything waits to be relayed: a read, so an idle poll opens no transaction. */
    async hasQueued() {
      const rows = await db.select({ id: webhookRelayQueue.id }).from(webhookRelayQueue).limit(1);
      return rows.length > 0;
    },

    /** The oldest queued changes, taken off the queue (the transaction's commit makes it final). */
    async takeQueued(limit: number, tx: Executor): Promise<QueuedChange[]> {
      const oldest = tx.select({ id: webhookRelayQueue.id }).from(webhookRelayQueue).orderBy(asc(webhookRelayQueue.id)).limit(limit);
      const rows = await tx.delete(webhookRelayQueue).where(inArray(webhookRelayQueue.id, oldest)).returning();
      return rows.sort((a, b) => a.id - b.id);
    },

    /** Each delivery's last sequence number (webhook_sequences: it outlives the events the retention sweep deletes). */
    async lastSequences(deliveryIds: readonly string[], tx: Executor) {
      if (deliveryIds.length === 0) return new Map<string, number>();
      const rows = await tx
        .select({ deliveryId: webhookSequences.deliveryId, last: webhookSequences.lastSequence })
        .from(webhookSequences)
        .where(inArray(webhookSequences.deliveryId, [...deliveryIds]));
      return new Map(rows.map((row) => [row.deliveryId, row.last]));
    },

    /** Where each delivery's numbering now stands, in the relay's transaction. */
    async saveSequences(last: ReadonlyMap<string, number>, tx: Executor) {
      if (last.size === 0) return;
      await tx
        .insert(webhookSequences)
        .values([...last].map(([deliveryId, lastSequence]) => ({ deliveryId, lastSequence })))
        .onConflictDoUpdate({ target: webhookSequences.deliveryId, set: { lastSequence: sql`excluded.last_sequence` } });
    },

    /** Whether this transaction is the retention sweep (another instance's sweep under way: this one stops). */
    async tryRetentionLock(tx: Executor) {
      const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY}) as locked`);
      return Boolean((result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked);
    },

    /**
     * Deletes up to `limit` of the oldest events created before `before` that owe nothing more (no pending send):
     * found by webhook_events_created_idx, checked by webhook_sends_event_idx; their sends and attempts go with them
     * (the foreign keys cascade, by webhook_sends_event_idx and webhook_attempts_event_idx). Returns how many.
     */
    async deleteSettledEventsBefore(before: Date, limit: number, tx: Executor) {
      const deleted = await tx
        .delete(webhookEvents)
        .where(inArray(webhookEvents.id, settledBeforeQuery(before, limit, tx)))
        .returning({ id: webhookEvents.id });
      return deleted.length;
    },

    enabledEndpointsOf: (userIds: readonly string[], tx: Executor) =>
      userIds.length === 0
        ? Promise.resolve([])
        : tx
            .select({ id: webhookEndpoints.id, userId: webhookEndpoints.userId, events: webhookEndpoints.events, mode: webhookEndpoints.mode })
            .from(webhookEndpoints)
            .where(and(inArray(webhookEndpoints.userId, [...userIds]), eq(webhookEndpoints.enabled, true))),

    async insertEvents(values: readonly NewWebhookEvent[], tx: Executor) {
      if (values.length === 0) return [];
      return tx.insert(webhookEvents).values([...values]).returning({ id: webhookEvents.id });
    },

    async insertSends(values: readonly (typeof webhookSends.$inferInsert)[], tx: Executor) {
      if (values.length > 0) await tx.insert(webhookSends).values([...values]);
    },

    claimDue: (now: Date, leaseUntil: Date, limit: number) => claimQuery(now, leaseUntil, limit),

    /**
     * A round's attempts: each send settled or rescheduled only while it is still
     * the attempt claimed, by one update per outcome (succeeded, failed, or retried at one time), and the attempts of
     * those that were logged in one insert. The claims that were still theirs.
     */
    async recordAttempts(
      attempts: readonly {
        claim: { sendId: string; attempts: number; endpointId: string; eventId: string; eventType: string };
        outcome: { statusCode: number | null; durationMs: number; error: string | null; at: Date; nextRetryAt: Date | null };
      }[],
      tx: Executor,
    ) {
      const groups = new Map<string, { set: Partial<typeof webhookSends.$inferInsert>; claims: { sendId: string; attempts: number }[] }>();
      for (const { claim, outcome } of attempts) {
        const set: Partial<typeof webhookSends.$inferInsert> =
          outcome.error === null ? { status: 'succeeded' } : outcome.nextRetryAt ? { nextAttemptAt: outcome.nextRetryAt } : { status: 'failed' };
        const key = JSON.stringify(set);
        const group = groups.get(key) ?? { set, claims: [] };
        group.claims.push(claim);
        groups.set(key, group);
      }
      const settled = new Set<string>();
      for (const { set, claims } of groups.values()) {
        const rows = await tx
          .update(webhookSends)
          .set(set)
          .where(
            and(
              eq(webhookSends.status, 'pending'),
              or(...claims.map((claim) => and(eq(webhookSends.id, claim.sendId), eq(webhookSends.attempts, claim.attempts)))),
            ),
          )
          .returning({ id: webhookSends.id });
        for (const row of rows) settled.add(row.id);
      }
      const logged = attempts.filter(({ claim }) => settled.has(claim.sendId));
      if (logged.length > 0) {
        await tx.insert(webhookAttempts).values(
          logged.map(({ claim, outcome }) => ({
            endpointId: claim.endpointId,
            eventId: claim.eventId,
            eventType: claim.eventType,
            statusCode: outcome.statusCode,
            durationMs: outcome.durationMs,
            error: outcome.error,
            nextRetryAt: outcome.error === null ? null : outcome.nextRetryAt,
            attemptedAt: outcome.at,
          })),
        );
      }
      return logged.map(({ claim }) => claim);
    },

    /** Success clears the failing streak; a failure starts it unless one is under way. */
    async markEndpointHealth(endpointId: string, succeeded: boolean, at: Date, tx: Executor) {
      const [row] = await tx
        .update(webhookEndpoints)
        .set({ failingSince: succeeded ? null : sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)` })
        .where(eq(webhookEndpoints.id, endpointId))
        .returning({ userId: webhookEndpoints.userId, failingSince: webhookEndpoints.failingSince, enabled: webhookEndpoints.enabled });
      return row ?? null;
    },

    /** Switches the endpoint off if it has failed since `failingBefore` or earlier; the endpoint when it did. */
    async disableIfFailingSince(endpointId: string, failingBefore: Date, at: Date, tx: Executor) {
      const [row] = await tx
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: 'failing', updatedAt: at })
        .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true), lte(webhookEndpoints.failingSince, failingBefore)))
        .returning();
      return row ?? null;
    },

    /** Queues an event to an endpoint again from now, its retry schedule started over; false if it never owed it. */
    async requeueSend(endpointId: string, eventId: string, now: Date) {
      const rows = await db
        .update(webhookSends)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: now })
        .where(and(eq(webhookSends.endpointId, endpointId), eq(webhookSends.eventId, eventId)))
        .returning({ id: webhookSends.id });
      return rows.length > 0;
    },

    findAttemptsPage: (endpointId: string, after: AttemptKey | null, limit: number) => attemptsPageQuery(endpointId, after, limit),
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
