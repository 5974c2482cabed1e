import { z } from 'zod';
import type { Transactions } from '../../db/transactions.js';
import type { PlannedBooking } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { CsvReadError, decodeUtf8, parseCsv, type CsvRecord } from '../../lib/csv.js';
import { cursorInstant, cursorUuid, decodeCursor, pageOf } from '../../lib/cursor.js';
import { formatNaira } from '../../../shared/money.js';
import type { Language } from '../../../shared/i18n.js';
import type { CursorQuery } from '../../../shared/schemas/paging.js';
import {
  IMPORT_COLUMNS,
  IMPORT_ERRORS_LISTED,
  IMPORT_MAX_ROWS,
  OPTIONAL_IMPORT_COLUMNS,
  type Import,
  type ImportCreated,
  type ImportListItem,
  type ImportRowError,
} from '../../../shared/schemas/imports.js';
import { ACCOUNTS } from '../wallet/accounts.js';
import type { WalletService } from '../wallet/wallet-service.js';
import type { BatchBooking, BatchBookingService } from '../deliveries/batch-booking.js';
import { checkRow, priceBooking, referenceTaken, type RowCheckDeps } from './import-rows.js';
import type { ImportListRow, ImportSummary, ImportsRepository } from './imports-repository.js';

/** A validation taken up but not finished within this long is taken up again (its instance stopped or crashed). */
export const VALIDATION_STALE_MS = 60_000;
/** Rows checked between two yields to the event loop, so a long file never holds up other requests. */
const ROWS_PER_TURN = 25;

interface Deps extends RowCheckDeps {
  repository: ImportsRepository;
  /** The money lane: the confirmation books and pays (decision 050). */
  transactions: Pick<Transactions, 'run'>;
  wallet: Pick<WalletService, 'post' | 'findBalance'>;
  batchBooking: BatchBookingService;
  accountLanguageOf: (userId: string) => Promise<Language>;
  log: { error(object: object, message: string): void };
  now?: () => Date;
}

const cursorShape = z.tuple([cursorInstant, cursorUuid]);

/** The header's columns, matched to the template's (case and spaces aside): every required one, none unknown or twice. */
export function columnsOf(header: readonly string[]): string[] {
  const columns = header.map((cell) => {
    const name = cell.trim();
    const column = IMPORT_COLUMNS.find((known) => known.toLowerCase() === name.toLowerCase());
    if (!column) throw new AppError('IMPORT_HEADER_INVALID', { params: { column: name.slice(0, 60) } });
    return column;
  });
  for (const column of IMPORT_COLUMNS) {
    const count = columns.filter((c) => c === column).length;
    if (count > 1 || (count === 0 && !OPTIONAL_IMPORT_COLUMNS.includes(column))) {
      throw new AppError('IMPORT_HEADER_INVALID', { params: { column } });
    }
  }
  return columns;
}

/** The records of an uploaded file, or the AppError that says why it cannot be read at all. */
export function readImportFile(bytes: Uint8Array): { columns: string[]; records: CsvRecord[] } {
  try {
    const [header, ...records] = parseCsv(decodeUtf8(bytes), IMPORT_MAX_ROWS + 1);
    if (!header) throw new AppError('IMPORT_EMPTY');
    if (records.length === 0) throw new AppError('IMPORT_EMPTY');
    return { columns: columnsOf(header.cells), records };
  } catch (error) {
    if (!(error instanceof CsvReadError)) throw error;
    const failure = error.failure;
    if (failure.kind === 'not_utf8') throw new AppError('IMPORT_NOT_UTF8', { params: { row: failure.row } });
    if (failure.kind === 'too_many_records') throw new AppError('IMPORT_TOO_MANY_ROWS', { params: { maxRows: IMPORT_MAX_ROWS } });
    throw new AppError('IMPORT_MALFORMED', { params: { row: failure.row, column: failure.cell + 1 } });
  }
}

/**
 * Sandbox money taken by one debit, shared out over the deliveries it paid for, first come first served, so each
 * delivery's refund and its driver's earnings stay test money as far as they were (decision 018).
 */
export function shareOutSandbox(takenKobo: number, amounts: readonly number[]): number[] {
  let left = takenKobo;
  return amounts.map((amount) => {
    const share = Math.min(left, amount);
    left -= share;
    return share;
  });
}

const toListItem = (row: Pick<ImportListRow, Exclude<keyof ImportListRow, 'cursorAt' | 'userId'>>): ImportListItem => ({
  id: row.id,
  fileName: row.fileName,
  status: row.status,
  rows: row.rowCount,
  valid: row.validCount,
  totalKobo: row.totalKobo,
  errorCount: row.errorCount,
  booked: row.bookedCount,
  confirmedAt: row.confirmedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});
const toImport = (row: ImportSummary): Import => ({ ...toListItem(row), errors: row.errors });

/** Thrown inside the confirming transaction to roll it back when the wallet does not cover the total. */
class NotCovered extends Error {}

/** Bulk import (issue 23, decision 054): upload, validation in the background, and the all-or-nothing confirmation. */
export function createImportsService(deps: Deps) {
  const { repository, log } = deps;
  const now = deps.now ?? (() => new Date());
  /** Validations under way in this process, and confirmations, so a repeat joins the one running. */
  const validating = new Map<string, Promise<void>>();
  const confirming = new Map<string, Promise<Import>>();

  async function findOwned(userId: string, id: string) {
    const row = await repository.findOwned(userId, id);
    if (!row) throw new AppError('IMPORT_NOT_FOUND');
    return row;
  }

  async function runValidation(id: string) {
    const at = now();
    const claimed = await repository.claimValidation(id, at, new Date(at.getTime() - VALIDATION_STALE_MS));
    if (!claimed) return;
    const plan: PlannedBooking[] = [];
    const errors: ImportRowError[] = [];
    let totalKobo = 0;
    const checkedRows: PlannedBooking[] = [];
    for (const [i, record] of claimed.cells.entries()) {
      if (i > 0 && i % ROWS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      const checked = await checkRow(deps, claimed.userId, claimed.columns, record);
      if (checked.planned) {
        const { quote: _quote, ...planned } = checked.planned;
        checkedRows.push(planned);
      } else errors.push(...checked.errors);
    }
    // A reference is the merchant's key to one delivery: not one another delivery has, nor twice in the file.
    const references = checkedRows.flatMap((planned) => (planned.externalReference ? [planned.externalReference] : []));
    const taken = await deps.batchBooking.takenReferences(claimed.userId, references);
    const seen = new Set<string>();
    for (const planned of checkedRows) {
      const reference = planned.externalReference;
      if (reference !== undefined && (taken.has(reference) || seen.has(reference))) {
        errors.push(referenceTaken(planned.row, reference));
        continue;
      }
      if (reference !== undefined) seen.add(reference);
      plan.push(planned);
      totalKobo += planned.totalKobo;
    }
    errors.sort((a, b) => a.row - b.row);
    await repository.finishValidation(
      id,
      {
        status: errors.length === 0 ? 'ready' : 'invalid',
        validCount: plan.length,
        totalKobo,
        plan,
        errors: errors.slice(0, IMPORT_ERRORS_LISTED),
        errorCount: errors.length,
      },
      now(),
    );
  }

  /** Validates in the background of this process; a failure is logged and left for the sweep to take up again. */
  function validateLater(id: string) {
    if (validating.has(id)) return;
    const running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => runValidation(id))
      .catch((err: unknown) => log.error({ err, importId: id }, 'import validation failed'))
      .finally(() => validating.delete(id));
    validating.set(id, running);
  }

  async function confirmOnce(userId: string, id: string): Promise<Import> {
    const found = await repository.findOwnedWithPlan(userId, id);
    if (!found) throw new AppError('IMPORT_NOT_FOUND');
    if (found.status === 'confirmed') return toImport(found);
    if (found.status !== 'ready') throw new AppError('IMPORT_NOT_READY', { params: { status: found.status } });

    // Priced again now, by the same quote service: a price that moved (a new tariff, a date now past) is checked again.
    const bookings: Omit<BatchBooking, 'sandboxKobo'>[] = [];
    const accountLanguage = await deps.accountLanguageOf(userId);
    try {
      for (const planned of found.plan) {
        const quote = await priceBooking(deps, userId, planned.body);
        if (quote.totalKobo !== planned.totalKobo) throw new AppError('CONFLICT');
        bookings.push({
          body: planned.body,
          quote,
          receiverLanguage: planned.body.receiverLanguage ?? accountLanguage,
          externalReference: planned.externalReference ?? null,
        });
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await repository.revalidate(id, now());
      validateLater(id);
      throw new AppError('IMPORT_PRICES_CHANGED');
    }

    const totalKobo = bookings.reduce((sum, booking) => sum + booking.quote.totalKobo, 0);
    let booked: Awaited<ReturnType<BatchBookingService['bookPaid']>> = [];
    try {
      const answer = await deps.transactions.run(async (transaction) => {
        const locked = await repository.lockOwned(userId, id, transaction.tx);
        if (!locked) throw new AppError('IMPORT_NOT_FOUND');
        if (locked.status === 'confirmed') return toImport(locked);
        if (locked.status !== 'ready' || locked.totalKobo !== totalKobo) throw new AppError('CONFLICT');
        const at = now();
        const posted = await deps.wallet.post(transaction, {
          kind: 'wallet_payment',
          idempotencyKey: `import:${id}`,
          wallet: {
            userId,
            amountKobo: -totalKobo,
            ledgerKind: 'payment',
            description: `Payment for ${bookings.length} deliveries (bulk import ${locked.fileName.slice(0, 60)})`,
            cover: 'balance',
          },
          // One revenue line per delivery, in the order they are booked.
          lines: bookings.map((booking) => ({ account: ACCOUNTS.revenue, amountKobo: booking.quote.totalKobo })),
        });
        if (posted.outcome === 'not_covered') throw new NotCovered();
        // The import row is locked and still ready: its key cannot have been posted.
        if (posted.outcome !== 'posted') throw new AppError('CONFLICT');
        const sandbox = shareOutSandbox(
          -posted.sandboxKobo,
          bookings.map((booking) => booking.quote.totalKobo),
        );
        const rows = await deps.batchBooking.bookPaid(
          transaction,
          userId,
          bookings.map((booking, i) => ({ ...booking, sandboxKobo: sandbox[i]! })),
          at,
        );
        await repository.markConfirmed(id, rows.length, at, transaction.tx);
        booked = rows;
        return toImport({ ...locked, status: 'confirmed', bookedCount: rows.length, confirmedAt: at, updatedAt: at });
      });
      // Committed: the deliveries' events follow, a few at a time, without holding up the answer.
      if (booked.length > 0) {
        void deps.batchBooking.announce(booked).catch((err: unknown) => log.error({ err, importId: id }, 'announcing imported deliveries failed'));
      }
      return answer;
    } catch (error) {
      if (isUniqueViolation(error, 'deliveries_external_reference_key')) {
        // A reference was taken meanwhile (by the merchant API): checked again, the import then names the row.
        await repository.revalidate(id, now());
        validateLater(id);
        throw new AppError('CONFLICT');
      }
      if (!(error instanceof NotCovered)) throw error;
      const balanceKobo = await deps.wallet.findBalance(userId);
      const shortfallKobo = Math.max(1, totalKobo - balanceKobo);
      throw new AppError('IMPORT_INSUFFICIENT_BALANCE', {
        params: { shortfallKobo, totalKobo, balanceKobo, shortfall: formatNaira(shortfallKobo), total: formatNaira(totalKobo) },
      });
    }
  }

  return {
    /** POST /api/imports: the file read (CSV, UTF-8, at most 1,000 rows), stored, and validated in the background. */
    async upload(userId: string, fileName: string, bytes: Uint8Array): Promise<ImportCreated> {
      const { columns, records } = readImportFile(bytes);
      const row = await repository.insert({
        userId,
        // eslint-disable-next-line no-control-regex
        fileName: fileName.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 120) || 'import.csv',
        columns,
        // Text no database column stores (NUL) never reaches one: such a cell is refused by its row's check anyway.
        cells: records.map((record) => ({ ...record, cells: record.cells.map((cell) => cell.replaceAll('\u0000', '\uFFFD')) })),
        rowCount: records.length,
      });
      validateLater(row.id);
      return { id: row.id, status: 'validating' };
    },

    async get(userId: string, id: string): Promise<Import> {
      return toImport(await findOwned(userId, id));
    },

    /** The owner's imports, newest first, one keyset page. */
    async list(userId: string, page: CursorQuery) {
      const key = decodeCursor(page.cursor, cursorShape);
      const rows = await repository.pageQuery(userId, key ? { at: key[0], id: key[1] } : null, page.limit + 1);
      return pageOf(rows, page.limit, (row) => [row.cursorAt, row.id], toListItem);
    },

    /**
     * Books and pays every row in one transaction: one posting from the wallet (one wallet line for the total, one
     * revenue line per delivery), the deliveries, and the import marked confirmed; or nothing, with the shortfall
     * (402). A confirmed import answers as it is; parallel confirmations in this process share one run, and across
     * instances the import's row lock orders them.
     */
    confirm(userId: string, id: string): Promise<Import> {
      const key = `${userId}:${id}`;
      const running = confirming.get(key);
      if (running) return running;
      const started = confirmOnce(userId, id).finally(() => confirming.delete(key));
      confirming.set(key, started);
      return started;
    },

    /** Takes up the validations nobody is working on: at start (a restart mid-way) and every minute. */
    async resumeValidations() {
      const stale = new Date(now().getTime() - VALIDATION_STALE_MS);
      for (const { id } of await repository.unclaimedQuery(stale, 20)) validateLater(id);
    },

    /** Waits for this process's validations under way (tests, and a graceful stop). */
    async settled() {
      await Promise.all(validating.values());
    },
  };
}
export type ImportsService = ReturnType<typeof createImportsService>;
