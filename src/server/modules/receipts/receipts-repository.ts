import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { insertRow, rowColumnsOf } from '../../db/insert-row.js';
import type { Db, Executor } from '../../db/client.js';
import { receiptCounters, receipts } from '../../db/schema/index.js';

export type ReceiptRow = typeof receipts.$inferSelect;
export type NewReceipt = Omit<typeof receipts.$inferInsert, 'id' | 'number' | 'createdAt'>;

const SERIES = 'receipts';

/**
 * Receipts numbered in one statement, whatever the batch: the drafts come as one array per column. The counter's row
 * is updated (and so locked) by the statement itself, so concurrent issuers (this instance's next batch, another
 * instance) wait and take the numbers after these, and a statement that fails gives its numbers back. A draft whose
 * source has a receipt already gets that one. A source another issuer wrote after this statement began fails on the
 * unique source key instead, and the group commit retries the draft alone, which then finds it.
 */
function prepareIssue(db: Executor) {
  const p = sql.placeholder;
  const given = db
    .$with('given', {
      userId: sql<string>`user_id`.as('user_id'),
      kind: sql<string>`kind`.as('kind'),
      sourceKey: sql<string | null>`source_key`.as('source_key'),
      amountKobo: sql<number>`amount_kobo`.as('amount_kobo'),
      vatBasisPoints: sql<number>`vat_basis_points`.as('vat_basis_points'),
      vatKobo: sql<number>`vat_kobo`.as('vat_kobo'),
      details: sql<Record<string, string | number>>`details`.as('details'),
      ord: sql<number>`ord`.as('ord'),
    })
    .as(
      sql`select * from unnest(${p('userIds')}::uuid[], ${p('kinds')}::text[], ${p('sourceKeys')}::text[], ${p('amounts')}::bigint[],
        ${p('vatBasisPoints')}::int[], ${p('vatKobo')}::bigint[], ${p('details')}::jsonb[])
        with ordinality as g(user_id, kind, source_key, amount_kobo, vat_basis_points, vat_kobo, details, ord)`,
    );
  const existing = db.$with('existing').as(
    db.select().from(receipts).where(inArray(receipts.sourceKey, db.select({ sourceKey: given.sourceKey }).from(given))),
  );
  const fresh = db.$with('fresh').as(
    db
      .select({ ...given._.selectedFields, n: sql<number>`row_number() over (order by ${given.ord})`.as('n') })
      .from(given)
      // Qualified by hand: Drizzle renders the CTE's columns bare, which inside the subquery would mean existing's.
      .where(sql`given.source_key is null or not exists (select 1 from ${existing} e where e.source_key = given.source_key)`),
  );
  const counted = sql`(select count(*) from ${fresh})`;
  const bumped = db.$with('bumped').as(
    db
      .update(receiptCounters)
      .set({ lastNumber: sql`${receiptCounters.lastNumber} + ${counted}` })
      .where(eq(receiptCounters.series, SERIES))
      .returning({ last: receiptCounters.lastNumber }),
  );
  const inserted = db.$with('inserted').as(
    db
      .insert(receipts)
      .select(
        db
          .select(
            insertRow(receipts, {
              number: sql`${bumped.last} - ${counted} + ${fresh.n}`,
              userId: fresh.userId,
              kind: fresh.kind,
              sourceKey: fresh.sourceKey,
              amountKobo: fresh.amountKobo,
              vatBasisPoints: fresh.vatBasisPoints,
              vatKobo: fresh.vatKobo,
              details: fresh.details,
            }),
          )
          .from(fresh)
          .crossJoin(bumped),
      )
      .returning(),
  );
  // The union inside a CTE of its own: a data-modifying WITH must stay at the statement's top level.
  const answer = db.$with('answer').as(
    db
      .select({ ...rowColumnsOf(receipts, inserted), created: sql<boolean>`true`.as('created') })
      .from(inserted)
      .unionAll(db.select({ ...rowColumnsOf(receipts, existing), created: sql<boolean>`false`.as('created') }).from(existing)),
  );
  return db
    .with(given, existing, fresh, bumped, inserted, answer)
    .select({ ...rowColumnsOf(receipts, answer), created: answer.created })
    .from(answer)
    .prepare('receipts_issue');
}

/** `db` reads; `writeDb` runs the issuing statement (the write pool on PostgreSQL, decision 050). */
export function createReceiptsRepository(db: Db, writeDb: Db = db) {
  /** An account's receipts, newest first, after a number (receipts_user_number_idx). */
  const pageQuery = (userId: string, afterNumber: number | null, limit: number) =>
    db
      .select()
      .from(receipts)
      .where(and(eq(receipts.userId, userId), afterNumber === null ? undefined : lt(receipts.number, afterNumber)))
      .orderBy(desc(receipts.number))
      .limit(limit);

  let issueStatement: ReturnType<typeof prepareIssue> | undefined;

  return {
    /**
     * Writes receipts with the next numbers of the series, in one statement (prepareIssue): no gaps, no repeats. A
     * draft whose source already has a receipt gets that one instead of a second, as does a second draft of the same
     * source in the batch. One result per draft, in order.
     */
    async issue(drafts: readonly NewReceipt[]): Promise<{ row: ReceiptRow; created: boolean }[]> {
      // One draft per source goes to the statement; the others share its receipt.
      const sent: NewReceipt[] = [];
      const seen = new Set<string>();
      for (const draft of drafts) {
        if (draft.sourceKey !== null && draft.sourceKey !== undefined) {
          if (seen.has(draft.sourceKey)) continue;
          seen.add(draft.sourceKey);
        }
        sent.push(draft);
      }
      const rows = await (issueStatement ??= prepareIssue(writeDb)).execute({
        userIds: sent.map((draft) => draft.userId),
        kinds: sent.map((draft) => draft.kind),
        sourceKeys: sent.map((draft) => draft.sourceKey ?? null),
        amounts: sent.map((draft) => draft.amountKobo),
        vatBasisPoints: sent.map((draft) => draft.vatBasisPoints),
        vatKobo: sent.map((draft) => draft.vatKobo),
        details: sent.map((draft) => JSON.stringify(draft.details ?? {})),
      });
      const bySource = new Map<string, { row: ReceiptRow; created: boolean }>();
      for (const { created, ...row } of rows) if (row.sourceKey !== null) bySource.set(row.sourceKey, { row, created });
      // Receipts without a source are numbered in the order their drafts were sent.
      const unkeyed = rows.filter((row) => row.sourceKey === null).sort((a, b) => a.number - b.number);
      let next = 0;
      const answered = new Set<string>();
      return drafts.map((draft) => {
        if (draft.sourceKey === null || draft.sourceKey === undefined) {
          const { created: _created, ...row } = unkeyed[next++]!;
          return { row, created: true };
        }
        const found = bySource.get(draft.sourceKey)!;
        const first = !answered.has(draft.sourceKey);
        answered.add(draft.sourceKey);
        return { row: found.row, created: found.created && first };
      });
    },

    pageQuery,
    findPage: pageQuery,

    async findOwned(id: string, userId: string) {
      const [row] = await db
        .select()
        .from(receipts)
        .where(and(eq(receipts.id, id), eq(receipts.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /** The numbers written, lowest first (for checks: gaps and repeats). */
    async allNumbers() {
      const rows = await db.select({ number: receipts.number }).from(receipts).orderBy(receipts.number);
      return rows.map((row) => row.number);
    },

    async lastNumber() {
      const [row] = await db.select({ last: receiptCounters.lastNumber }).from(receiptCounters).where(eq(receiptCounters.series, SERIES));
      return row?.last ?? 0;
    },
  };
}
export type ReceiptsRepository = ReturnType<typeof createReceiptsRepository>;
