import type { FastifyBaseLogger } from 'fastify';
import { createdCursorShape, decodeCursor, pageOf } from '../../lib/cursor.js';
import type { CursorQuery } from '../../../shared/schemas/paging.js';
import type { Readable } from 'node:stream';
import { createStorageKey, type FileStorage } from '../../adapters/storage/index.js';
import type { Executor } from '../../db/client.js';
import type { Transactions } from '../../db/transactions.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { findActiveContent } from '../../lib/active-content.js';
import { checkFile, DOCUMENT_KINDS as FILE_DOCUMENT_KINDS, IMAGE_KINDS, readUpload } from '../../lib/uploads.js';
import type { ValidationMessageKey } from '../../../shared/message-keys.js';
import {
  APPLICATION_SCHEMAS,
  DOCUMENT_KINDS,
  DOCUMENT_RULES,
  OPEN_APPLICATION_STATUSES,
  PARTNER_MESSAGE_KEYS as M,
  PARTNER_TYPES,
  TRANSPORT_MODE_OF_VEHICLE,
  type ApplicationStatusFilter,
  type DocumentKind,
  type DocumentRule,
  type OperatorApplication,
  type PartnerApplication,
  type PartnerType,
  type TransportationApplication,
} from '../../../shared/schemas/partners.js';
import { DOCUMENT_MAX_BYTES, MEGABYTE } from '../../../shared/upload-limits.js';
import type { DriversService } from '../drivers/drivers-service.js';
import type { ApplicationRow, DocumentRow, NewDocument, PartnersRepository } from './partners-repository.js';

interface Deps {
  transactions: Pick<Transactions, 'run'>;
  repository: PartnersRepository;
  storage: FileStorage;
  drivers: Pick<DriversService, 'register'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const ONE_OPEN_INDEX = 'partner_applications_one_open';
const MAX_ORIGINAL_NAME = 200;

function fieldError(
  code: 'VALIDATION_FAILED' | 'FILE_TYPE_NOT_ALLOWED' | 'FILE_TOO_LARGE' | 'FILE_UNSAFE',
  field: string,
  key: ValidationMessageKey,
) {
  return new AppError(code, {
    fields: { [field]: [key] },
    ...(code === 'FILE_TYPE_NOT_ALLOWED' && { params: { allowedTypes: 'PDF, JPG, PNG, WEBP' } }),
    ...(code === 'FILE_TOO_LARGE' && { params: { maxBytes: DOCUMENT_MAX_BYTES, maxMegabytes: DOCUMENT_MAX_BYTES / MEGABYTE } }),
  });
}

const kindOrder = (kind: string) => (DOCUMENT_KINDS as readonly string[]).indexOf(kind);

function toDocument(row: DocumentRow) {
  return {
    id: row.id,
    kind: row.kind as DocumentKind,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    originalName: row.originalName,
  };
}

export function toApplication(application: ApplicationRow, documents: DocumentRow[]): PartnerApplication {
  return {
    id: application.id,
    type: application.type,
    status: application.status,
    details: application.details as Record<string, string>,
    rejectionReason: application.rejectionReason,
    createdAt: application.createdAt.toISOString(),
    reviewedAt: application.reviewedAt?.toISOString() ?? null,
    // The form's order, then a stable one: rows written in one statement share their creation time.
    documents: [...documents]
      .sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind) || a.id.localeCompare(b.id))
      .map(toDocument),
  };
}

type OperatorRow = NonNullable<Awaited<ReturnType<PartnersRepository['findById']>>>;
function toOperatorApplication(row: OperatorRow): OperatorApplication {
  return { ...toApplication(row.application, row.documents), applicant: row.applicant };
}

/** The file name as the applicant's device called it: only for showing, never for storing. */
function cleanName(name: string | undefined, kind: DocumentKind): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = (name ?? '').replace(/[\u0000-\u001f\u007f/\\]/g, '').trim().slice(0, MAX_ORIGINAL_NAME);
  return cleaned || kind;
}

/**
 * Partner applications (docs/decisions/032): submitted with their documents, reviewed by operators. Approving a
 * transportation application makes the applicant a driver with the vehicle on record, in the same transaction. The
 * applicant hears of their application through `partner.application_submitted` and of the decision through
 * `partner.application_decided`.
 */
export function createPartnersService({ transactions, repository, storage, drivers, log }: Deps) {
  async function deleteQuietly(keys: string[]) {
    for (const key of keys) {
      try {
        await storage.delete(key);
      } catch (err) {
        log.warn({ err, key }, 'partners: could not delete a stored document of a failed application');
      }
    }
  }

  /**
   * One application being received: the type first, then each document as it streams in (checked and stored),
   * then the form's fields. Whatever fails, `discard` removes every file already stored, so nothing half-written
   * remains; the rows are written in one transaction at the end.
   */
  function startSubmission(userId: string) {
    let type: PartnerType | null = null;
    const stored: (NewDocument & { kind: DocumentKind })[] = [];
    let isSubmitted = false;

    const ruleOf = (kind: string): DocumentRule | undefined =>
      type ? DOCUMENT_RULES[type].find((rule) => rule.kind === kind) : undefined;

    return {
      async setType(value: string) {
        if (type !== null || !(PARTNER_TYPES as readonly string[]).includes(value)) {
          throw fieldError('VALIDATION_FAILED', 'type', M.partnerType);
        }
        type = value as PartnerType;
        if (await repository.hasOpen(userId, type)) throw new AppError('APPLICATION_ALREADY_OPEN');
      },

      get type() {
        return type;
      },

      /** Checks one file (kind allowed for the type, count, size, content) and stores it. */
      async addDocument(kind: string, stream: Readable, filename: string | undefined) {
        if (!type) {
          stream.resume();
          throw fieldError('VALIDATION_FAILED', 'type', M.partnerType);
        }
        const rule = ruleOf(kind);
        if (!rule) {
          stream.resume();
          throw fieldError('VALIDATION_FAILED', (DOCUMENT_KINDS as readonly string[]).includes(kind) ? kind : 'documents', M.unknownDocument);
        }
        if (stored.filter((document) => document.kind === rule.kind).length >= rule.max) {
          stream.resume();
          throw fieldError('VALIDATION_FAILED', rule.kind, M.tooManyFiles);
        }
        let bytes: Buffer;
        try {
          bytes = await readUpload(stream, DOCUMENT_MAX_BYTES);
        } catch (error) {
          if (error instanceof AppError && error.code === 'FILE_TOO_LARGE') throw fieldError('FILE_TOO_LARGE', rule.kind, M.documentTooLarge);
          throw error;
        }
        let file: ReturnType<typeof checkFile>;
        try {
          file = checkFile(bytes, { allowed: rule.imagesOnly ? IMAGE_KINDS : FILE_DOCUMENT_KINDS, maxBytes: DOCUMENT_MAX_BYTES });
        } catch {
          throw fieldError('FILE_TYPE_NOT_ALLOWED', rule.kind, rule.imagesOnly ? M.photoType : M.documentType);
        }
        // A real PDF (or picture) may still carry HTML or PDF scripts: refused before anything is stored.
        const activeContent = findActiveContent(file.bytes, file.kind);
        if (activeContent) {
          log.warn({ userId, document: rule.kind, activeContent }, 'partners: refused a document with active content');
          throw fieldError('FILE_UNSAFE', rule.kind, M.documentUnsafe);
        }
        const key = createStorageKey('partner-documents', file.extension);
        await storage.put(key, file.bytes);
        stored.push({ kind: rule.kind, storageKey: key, contentType: file.mime, sizeBytes: bytes.length, originalName: cleanName(filename, rule.kind) });
      },

      /** Validates the fields and the documents' counts, then writes the application and its documents at once. */
      async submit(fields: Record<string, string>): Promise<PartnerApplication> {
        if (!type) throw fieldError('VALIDATION_FAILED', 'type', M.partnerType);
        const parsed = APPLICATION_SCHEMAS[type].safeParse({ ...fields, agreeTerms: fields.agreeTerms === 'true' });
        const problems: Record<string, ValidationMessageKey[]> = {};
        if (!parsed.success) {
          for (const issue of parsed.error.issues) {
            const field = String(issue.path[0] ?? 'form');
            (problems[field] ??= []).push(issue.message as ValidationMessageKey);
          }
        }
        for (const rule of DOCUMENT_RULES[type]) {
          const count = stored.filter((document) => document.kind === rule.kind).length;
          if (count < rule.min) problems[rule.kind] = [rule.min > 1 ? M.tooFewPhotos : M.documentRequired];
        }
        if (!parsed.success || Object.keys(problems).length > 0) throw new AppError('VALIDATION_FAILED', { fields: problems });

        const { agreeTerms: _accepted, ...details } = parsed.data;
        try {
          const created = await transactions.run(async ({ tx, emit }) => {
            const inserted = await repository.insertApplication({ userId, type: type!, details: details as Record<string, string> }, stored, tx);
            emit({ type: 'partner.application_submitted', userId, applicationId: inserted.application.id, partnerType: inserted.application.type });
            return inserted;
          });
          isSubmitted = true;
          return toApplication(created.application, created.documents);
        } catch (error) {
          if (isUniqueViolation(error, ONE_OPEN_INDEX)) throw new AppError('APPLICATION_ALREADY_OPEN');
          throw error;
        }
      },

      /** Removes the stored files of a submission that did not complete. */
      async discard() {
        if (isSubmitted) return;
        await deleteQuietly(stored.map((document) => document.storageKey));
        stored.length = 0;
      },
    };
  }

  /** `tx` inside a transaction: the embedded database has one connection, so a query beside it would wait forever. */
  async function findForOperator(id: string, tx?: Executor): Promise<OperatorRow> {
    const row = await repository.findById(id, tx);
    if (!row) throw new AppError('APPLICATION_NOT_FOUND');
    return row;
  }

  /** Moves an open application on, once; a decided one (or a second operator's click) is a 409. */
  async function decide(id: string, operatorId: string, decision: 'approved' | 'rejected', reason: string | null) {
    await transactions.run(async (transaction) => {
      const row = await repository.moveStatus(
        id,
        OPEN_APPLICATION_STATUSES,
        { status: decision, reviewedBy: operatorId, at: new Date(), rejectionReason: reason },
        transaction.tx,
      );
      if (!row) {
        await findForOperator(id, transaction.tx);
        throw new AppError('APPLICATION_ALREADY_DECIDED');
      }
      if (decision === 'approved' && row.type === 'transportation') {
        const vehicle = row.details as Omit<TransportationApplication, 'agreeTerms'>;
        await drivers.register(transaction, {
          userId: row.userId,
          transportMode: TRANSPORT_MODE_OF_VEHICLE[vehicle.vehicleType],
          vehicleType: vehicle.vehicleType,
          vehicleBrand: vehicle.vehicleBrand,
          plateNumber: vehicle.plateNumber,
          applicationId: row.id,
        });
      }
      transaction.emit({
        type: 'partner.application_decided',
        userId: row.userId,
        applicationId: row.id,
        partnerType: row.type,
        decision,
        reason,
      });
    });
    return toOperatorApplication(await findForOperator(id));
  }

  return {
    startSubmission,

    /** Which of these stored files are an application's documents (the storage sweep removes the others). */
    keptAmong: (keys: readonly string[]) => repository.documentKeysAmong(keys),

    async listMine(userId: string): Promise<PartnerApplication[]> {
      return (await repository.listForUser(userId)).map((row) => toApplication(row.application, row.documents));
    },

    /** How many applications wait for a decision (submitted or under review), counted up to `cap` (decision 060). */
    countOpen: (cap: number) => repository.countOpen(cap),

    /** The operator's list: one keyset page, newest first (decision 049). */
    async list(query: { status?: ApplicationStatusFilter; type?: PartnerType } & CursorQuery): Promise<{ items: OperatorApplication[]; nextCursor: string | null }> {
      const key = decodeCursor(query.cursor, createdCursorShape);
      const rows = await repository.list(query, key ? { at: key[0], id: key[1] } : null, query.limit + 1);
      return pageOf(rows, query.limit, (row) => [row.cursorAt, row.application.id], toOperatorApplication);
    },

    async find(id: string): Promise<OperatorApplication> {
      return toOperatorApplication(await findForOperator(id));
    },

    async startReview(id: string, operatorId: string): Promise<OperatorApplication> {
      const moved = await transactions.run(({ tx }) =>
        repository.moveStatus(id, ['submitted'], { status: 'under_review', reviewedBy: operatorId, at: new Date() }, tx),
      );
      const row = await findForOperator(id);
      // A second click (or a second operator) finds it under review already: that is what was asked.
      if (!moved && row.application.status !== 'under_review') throw new AppError('APPLICATION_ALREADY_DECIDED');
      return toOperatorApplication(row);
    },

    approve: (id: string, operatorId: string) => decide(id, operatorId, 'approved', null),
    reject: (id: string, operatorId: string, reason: string) => decide(id, operatorId, 'rejected', reason),

    /**
     * A stored document, for its applicant or an operator. Anyone else gets the same 404 as for a document that
     * does not exist, so ids reveal nothing.
     */
    async openDocument(viewer: { id: string; isOperator: boolean }, applicationId: string, documentId: string) {
      const row = await repository.findDocument(applicationId, documentId);
      if (!row || (row.applicantId !== viewer.id && !viewer.isOperator)) throw new AppError('NOT_FOUND');
      const file = await storage.get(row.document.storageKey);
      if (!file) throw new AppError('NOT_FOUND');
      return { ...file, contentType: row.document.contentType, originalName: row.document.originalName };
    },
  };
}
export type PartnersService = ReturnType<typeof createPartnersService>;
