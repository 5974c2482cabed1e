import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { cappedCount, countsOf } from '../../db/capped-count.js';
import { partnerApplications, partnerDocuments, users } from '../../db/schema/index.js';
import type { ApplicationStatus, ApplicationStatusFilter, PartnerType } from '../../../shared/schemas/partners.js';

export type ApplicationRow = typeof partnerApplications.$inferSelect;
export type DocumentRow = typeof partnerDocuments.$inferSelect;
export type NewDocument = Omit<typeof partnerDocuments.$inferInsert, 'id' | 'applicationId' | 'createdAt'>;

const APPLICANT_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: sql<string | null>`coalesce(${users.phone}, ${users.whatsappNumber})`,
};

/** Owns partner_applications and partner_documents. Reads the applicant's name and contact from users by a join. */
export function createPartnersRepository(db: Executor) {
  async function documentsOf(applicationIds: string[], tx: Executor = db): Promise<Map<string, DocumentRow[]>> {
    const byApplication = new Map<string, DocumentRow[]>();
    if (applicationIds.length === 0) return byApplication;
    const rows = await tx
      .select()
      .from(partnerDocuments)
      .where(inArray(partnerDocuments.applicationId, applicationIds))
      .orderBy(asc(partnerDocuments.createdAt), asc(partnerDocuments.id));
    for (const row of rows) byApplication.set(row.applicationId, [...(byApplication.get(row.applicationId) ?? []), row]);
    return byApplication;
  }

  return {
    /** Which of these storage keys belong to a document on record. */
    async documentKeysAmong(keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db.select({ key: partnerDocuments.storageKey }).from(partnerDocuments).where(inArray(partnerDocuments.storageKey, [...keys]));
      return new Set(rows.map((row) => row.key));
    },
    /** Fails with a unique violation of `partner_applications_one_open` when one of this type is still open. */
    async insertApplication(values: { userId: string; type: PartnerType; details: Record<string, string> }, documents: NewDocument[], tx: Executor) {
      const [application] = await tx.insert(partnerApplications).values(values).returning();
      const stored = documents.length
        ? await tx
            .insert(partnerDocuments)
            .values(documents.map((document) => ({ ...document, applicationId: application!.id })))
            .returning()
        : [];
      return { application: application!, documents: stored };
    },

    async hasOpen(userId: string, type: PartnerType) {
      const [row] = await db
        .select({ id: partnerApplications.id })
        .from(partnerApplications)
        .where(
          and(
            eq(partnerApplications.userId, userId),
            eq(partnerApplications.type, type),
            inArray(partnerApplications.status, ['submitted', 'under_review']),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The applicant's applications, newest first, with their documents. */
    async listForUser(userId: string) {
      const rows = await db
        .select()
        .from(partnerApplications)
        .where(eq(partnerApplications.userId, userId))
        .orderBy(desc(partnerApplications.createdAt));
      const documents = await documentsOf(rows.map((row) => row.id));
      return rows.map((application) => ({ application, documents: documents.get(application.id) ?? [] }));
    },

    /** The operator's list as one keyset page, newest first (partner_applications_status_idx / _created_idx). */
    listQuery(filter: { status?: ApplicationStatusFilter; type?: PartnerType }, after: { at: string; id: string } | null, limit: number) {
      return db
        .select({ application: partnerApplications, applicant: APPLICANT_COLUMNS, cursorAt: sql<string>`${partnerApplications.createdAt}::text`.as('cursor_at') })
        .from(partnerApplications)
        .innerJoin(users, eq(users.id, partnerApplications.userId))
        .where(
          and(
            // `open` as the literal predicate of partner_applications_open_idx, so the planner can prove the index applies.
            filter.status === 'open'
              ? sql`${partnerApplications.status} in ('submitted', 'under_review')`
              : filter.status
                ? eq(partnerApplications.status, filter.status)
                : undefined,
            filter.type ? eq(partnerApplications.type, filter.type) : undefined,
            after
              ? sql`(${partnerApplications.createdAt}, ${partnerApplications.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(partnerApplications.createdAt), desc(partnerApplications.id))
        .limit(limit);
    },

    /**
     * Applications waiting for a decision (submitted or under review), up to `cap`: the operator's home (decision
     * 060), through partner_applications_open_idx, whose predicate this repeats literally.
     */
    openCountQuery: (cap: number) =>
      sql`select ${cappedCount(partnerApplications, sql`status in ('submitted', 'under_review')`, cap)} as open`,

    async countOpen(cap: number) {
      return countsOf(await db.execute(this.openCountQuery(cap)), ['open'] as const).open;
    },

    /** For operators: a keyset page, newest first, optionally by status and type, with the applicant and documents. */
    async list(filter: { status?: ApplicationStatusFilter; type?: PartnerType }, after: { at: string; id: string } | null, limit: number) {
      const rows = await this.listQuery(filter, after, limit);
      const documents = await documentsOf(rows.map((row) => row.application.id));
      return rows.map((row) => ({ ...row, documents: documents.get(row.application.id) ?? [] }));
    },

    async findById(id: string, tx: Executor = db) {
      const [row] = await tx
        .select({ application: partnerApplications, applicant: APPLICANT_COLUMNS })
        .from(partnerApplications)
        .innerJoin(users, eq(users.id, partnerApplications.userId))
        .where(eq(partnerApplications.id, id))
        .limit(1);
      if (!row) return null;
      return { ...row, documents: (await documentsOf([id], tx)).get(id) ?? [] };
    },

    async findDocument(applicationId: string, documentId: string) {
      const [row] = await db
        .select({ document: partnerDocuments, applicantId: partnerApplications.userId })
        .from(partnerDocuments)
        .innerJoin(partnerApplications, eq(partnerApplications.id, partnerDocuments.applicationId))
        .where(and(eq(partnerDocuments.id, documentId), eq(partnerDocuments.applicationId, applicationId)))
        .limit(1);
      return row ?? null;
    },

    /** Moves an application from one of `from` to `to`, once: null when it was in no such status. */
    async moveStatus(
      id: string,
      from: readonly ApplicationStatus[],
      change: { status: ApplicationStatus; reviewedBy: string; at: Date; rejectionReason?: string | null },
      tx: Executor,
    ) {
      const [row] = await tx
        .update(partnerApplications)
        .set({
          status: change.status,
          reviewedBy: change.reviewedBy,
          reviewedAt: change.at,
          updatedAt: change.at,
          ...(change.rejectionReason !== undefined && { rejectionReason: change.rejectionReason }),
        })
        .where(and(eq(partnerApplications.id, id), inArray(partnerApplications.status, [...from])))
        .returning();
      return row ?? null;
    },
  };
}
export type PartnersRepository = ReturnType<typeof createPartnersRepository>;
