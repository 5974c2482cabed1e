import { and, desc, eq, getTableColumns, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { imports, type PlannedBooking } from '../../db/schema/index.js';
import type { ImportRowError } from '../../../shared/schemas/imports.js';

export type ImportRow = typeof imports.$inferSelect;

/**
 * An import without its two large columns, the cells (read by validation only) and the plan (by confirmation only):
 * hundreds of kilobytes for a 1,000-row file, which the answers never show and a poll for the status would read
 * again and again.
 */
const { cells: _cells, plan: _plan, ...summaryColumns } = getTableColumns(imports);
export type ImportSummary = Omit<ImportRow, 'cells' | 'plan'>;
export type NewImport = Pick<typeof imports.$inferInsert, 'userId' | 'fileName' | 'columns' | 'cells' | 'rowCount'>;

/** The columns of a list row: everything but the cells and the plan, which only validation and confirmation read. */
const listColumns = {
  id: imports.id,
  userId: imports.userId,
  fileName: imports.fileName,
  status: imports.status,
  rowCount: imports.rowCount,
  validCount: imports.validCount,
  totalKobo: imports.totalKobo,
  errorCount: imports.errorCount,
  bookedCount: imports.bookedCount,
  confirmedAt: imports.confirmedAt,
  createdAt: imports.createdAt,
  cursorAt: sql<string>`${imports.createdAt}::text`,
};
export type ImportListRow = { [K in keyof typeof listColumns]: K extends 'cursorAt' ? string : ImportRow[Exclude<K, 'cursorAt'>] };

export interface ValidationOutcome {
  status: 'ready' | 'invalid';
  validCount: number;
  totalKobo: number;
  plan: PlannedBooking[];
  errors: ImportRowError[];
  errorCount: number;
}

export function createImportsRepository(db: Executor) {
  return {
    async insert(values: NewImport, tx: Executor = db): Promise<{ id: string }> {
      const [row] = await tx.insert(imports).values(values).returning({ id: imports.id });
      return row!;
    },

    /** The owner's import, without cells and plan; null for anyone else's. */
    async findOwned(userId: string, id: string, tx: Executor = db): Promise<ImportSummary | null> {
      const [row] = await tx
        .select(summaryColumns)
        .from(imports)
        .where(and(eq(imports.id, id), eq(imports.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /** The owner's import with its plan (what a confirmation books); null for anyone else's. */
    async findOwnedWithPlan(userId: string, id: string, tx: Executor = db): Promise<Omit<ImportRow, 'cells'> | null> {
      const [row] = await tx
        .select({ ...summaryColumns, plan: imports.plan })
        .from(imports)
        .where(and(eq(imports.id, id), eq(imports.userId, userId)))
        .limit(1);
      return row ?? null;
    },

    /** The owner's import, locked for the confirming transaction (a parallel confirmation waits, then finds it done). */
    async lockOwned(userId: string, id: string, tx: Executor): Promise<ImportSummary | null> {
      const [row] = await tx
        .select(summaryColumns)
        .from(imports)
        .where(and(eq(imports.id, id), eq(imports.userId, userId)))
        .for('update')
        .limit(1);
      return row ?? null;
    },

    /** One keyset page of the owner's imports, newest first (imports_user_created_idx). */
    pageQuery(userId: string, after: { at: string; id: string } | null, limit: number) {
      return db
        .select(listColumns)
        .from(imports)
        .where(
          and(
            eq(imports.userId, userId),
            after ? sql`(${imports.createdAt}, ${imports.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
          ),
        )
        .orderBy(desc(imports.createdAt), desc(imports.id))
        .limit(limit);
    },

    /**
     * Takes up a validation: one still validating that nobody took, or whose taker went quiet before `staleBefore`
     * (a restart or a crash). Null when another instance has it.
     */
    async claimValidation(id: string, at: Date, staleBefore: Date): Promise<Omit<ImportRow, 'plan'> | null> {
      const [row] = await db
        .update(imports)
        .set({ validationClaimedAt: at, updatedAt: at })
        .where(
          and(
            eq(imports.id, id),
            eq(imports.status, 'validating'),
            or(isNull(imports.validationClaimedAt), lt(imports.validationClaimedAt, staleBefore)),
          ),
        )
        .returning({ ...summaryColumns, cells: imports.cells });
      return row ?? null;
    },

    /** Validations nobody is working on (imports_validating_idx): after a restart, or a crash mid-way. */
    unclaimedQuery(staleBefore: Date, limit: number) {
      return db
        .select({ id: imports.id })
        .from(imports)
        .where(and(eq(imports.status, 'validating'), or(isNull(imports.validationClaimedAt), lt(imports.validationClaimedAt, staleBefore))))
        .limit(limit);
    },

    /** What validation found; only while the import is still validating (written once). */
    async finishValidation(id: string, outcome: ValidationOutcome, at: Date): Promise<boolean> {
      const rows = await db
        .update(imports)
        .set({ ...outcome, validationClaimedAt: null, updatedAt: at })
        .where(and(eq(imports.id, id), eq(imports.status, 'validating')))
        .returning({ id: imports.id });
      return rows.length > 0;
    },

    /** Prices moved since validation: validated again before it can be confirmed. */
    async revalidate(id: string, at: Date, tx: Executor = db) {
      await tx
        .update(imports)
        .set({ status: 'validating', validationClaimedAt: null, updatedAt: at })
        .where(and(eq(imports.id, id), eq(imports.status, 'ready')));
    },

    async markConfirmed(id: string, bookedCount: number, at: Date, tx: Executor) {
      await tx.update(imports).set({ status: 'confirmed', bookedCount, confirmedAt: at, updatedAt: at }).where(eq(imports.id, id));
    },
  };
}
export type ImportsRepository = ReturnType<typeof createImportsRepository>;
