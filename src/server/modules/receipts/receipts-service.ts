import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { decodeCursor, pageOf } from '../../lib/cursor.js';
import { createGroupCommit } from '../../lib/group-commit.js';
import type { CursorQuery } from '../../../shared/schemas/paging.js';
import {
  RECEIPT_KIND_RULES,
  formatReceiptNumber,
  vatIncludedKobo,
  type Receipt,
  type ReceiptKind,
  type ReceiptSummary,
} from '../../../shared/schemas/receipts.js';
import type { ReceiptRow, ReceiptsRepository } from './receipts-repository.js';

/** What a receipt is issued from: the money that moved, once it has committed. */
export interface ReceiptDraft {
  userId: string;
  kind: ReceiptKind;
  amountKobo: number;
  /** What it is for, once (a delivery's payment); null when the movement has no natural key. */
  sourceKey: string | null;
  deliveryId?: string | null;
  trackingId?: string | null;
  method?: 'wallet' | 'card' | null;
  balanceAfterKobo?: number | null;
  /** A pay-on-delivery settlement's lines: what was collected, the fee kept (the only part with VAT), the reserve back. */
  cod?: CodSettlementLines | null;
  /** A returned withdrawal's reason, in the operator's words. */
  reason?: string | null;
  /** A pay-on-delivery booking's return reserve inside the amount paid or refunded: a deposit, so no VAT on it. */
  reserveKobo?: number | null;
  /** A withdrawal's: which one, so the receipt shows its transfer reference once it is paid (decision 089). */
  withdrawalId?: string | null;
}

export interface CodSettlementLines {
  collectedKobo: number;
  feeKobo: number;
  reserveKobo: number;
}

const isKobo = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** The settlement's lines kept in a receipt's details, or null. */
function codLinesOf(details: Record<string, unknown>): CodSettlementLines | null {
  const { codCollectedKobo, codFeeKobo, codReserveKobo } = details;
  if (!isKobo(codCollectedKobo) || !isKobo(codFeeKobo) || !isKobo(codReserveKobo)) return null;
  return { collectedKobo: codCollectedKobo, feeKobo: codFeeKobo, reserveKobo: codReserveKobo };
}

const cursorShape = z.tuple([z.number().int().min(1)]);

function summaryOf(row: ReceiptRow): ReceiptSummary {
  const details = row.details;
  return {
    id: row.id,
    number: formatReceiptNumber(row.number),
    kind: row.kind as ReceiptKind,
    amountKobo: row.amountKobo,
    createdAt: row.createdAt.toISOString(),
    deliveryId: typeof details.deliveryId === 'string' ? details.deliveryId : null,
  };
}

export function createReceiptsService(deps: {
  repository: ReceiptsRepository;
  /** VAT_PERCENT: the rate a sale's receipt shows as included. */
  vatPercent: number;
  getCustomer: (userId: string) => Promise<{ name: string; email: string | null; phone: string | null }>;
  /** A withdrawal's transfer reference once paid (modules/withdrawals); read when the receipt is, as it comes later. */
  findTransferReference: (withdrawalId: string) => Promise<string | null>;
}) {
  const basisPoints = Math.round(deps.vatPercent * 100);
  // Receipts arriving together are numbered in one transaction (one lock of the counter for the lot).
  const issuer = createGroupCommit((drafts: readonly Parameters<ReceiptsRepository['issue']>[0][number][]) => deps.repository.issue(drafts));

  return {
    /**
     * A receipt for money that moved, with the next number; the existing one when its source already has one. The
     * VAT is worked out now, at the rate in force, and kept with it (decision 057).
     */
    async issue(draft: ReceiptDraft) {
      const { taxable } = RECEIPT_KIND_RULES[draft.kind];
      const rate = taxable ? basisPoints : 0;
      // Only the fee is a sale in a pay-on-delivery settlement; the goods money collected carries none of our VAT. A
      // return reserve is a deposit until it pays a return fee, which has its own receipt then (decision 080).
      const taxedKobo = taxable === 'fee' ? (draft.cod?.feeKobo ?? 0) : draft.amountKobo - (draft.reserveKobo ?? 0);
      const details: Record<string, string | number> = {};
      if (draft.deliveryId) details.deliveryId = draft.deliveryId;
      if (draft.trackingId) details.trackingId = draft.trackingId;
      if (draft.method) details.method = draft.method;
      if (draft.balanceAfterKobo !== undefined && draft.balanceAfterKobo !== null) details.balanceAfterKobo = draft.balanceAfterKobo;
      if (draft.reason) details.reason = draft.reason;
      if (draft.reserveKobo) details.reserveKobo = draft.reserveKobo;
      if (draft.withdrawalId) details.withdrawalId = draft.withdrawalId;
      if (draft.cod) {
        details.codCollectedKobo = draft.cod.collectedKobo;
        details.codFeeKobo = draft.cod.feeKobo;
        details.codReserveKobo = draft.cod.reserveKobo;
      }
      const { row, created } = await issuer.submit({
        userId: draft.userId,
        kind: draft.kind,
        sourceKey: draft.sourceKey,
        amountKobo: draft.amountKobo,
        vatBasisPoints: rate,
        vatKobo: vatIncludedKobo(taxedKobo, rate),
        details,
      });
      return { id: row.id, number: formatReceiptNumber(row.number), created };
    },

    /** The account's receipts, newest first, a keyset page at a time. */
    async list(userId: string, page: CursorQuery) {
      const after = decodeCursor(page.cursor, cursorShape);
      const rows = await deps.repository.findPage(userId, after ? after[0] : null, page.limit + 1);
      return pageOf(rows, page.limit, (row) => [row.number], summaryOf);
    },

    /** One of the account's receipts; NOT_FOUND for anyone else's, as for one that does not exist. */
    async get(userId: string, id: string): Promise<Receipt> {
      const row = await deps.repository.findOwned(id, userId);
      if (!row) throw new AppError('NOT_FOUND');
      const details = row.details;
      const transferReference = typeof details.withdrawalId === 'string' ? await deps.findTransferReference(details.withdrawalId) : null;
      return {
        ...summaryOf(row),
        vatPercent: row.vatBasisPoints / 100,
        vatKobo: row.vatKobo,
        trackingId: typeof details.trackingId === 'string' ? details.trackingId : null,
        method: details.method === 'wallet' || details.method === 'card' ? details.method : null,
        balanceAfterKobo: typeof details.balanceAfterKobo === 'number' ? details.balanceAfterKobo : null,
        customer: await deps.getCustomer(userId),
        cod: codLinesOf(details),
        reason: typeof details.reason === 'string' ? details.reason : null,
        reserveKobo: isKobo(details.reserveKobo) ? details.reserveKobo : null,
        transferReference,
      };
    },
  };
}
export type ReceiptsService = ReturnType<typeof createReceiptsService>;
