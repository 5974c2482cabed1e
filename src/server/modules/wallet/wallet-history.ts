import { findBank } from '../../../shared/banks.js';
import { formatDeliveryId } from '../../../shared/ids.js';
import type { WalletStats, WalletTransaction, WalletTransactionsPage } from '../../../shared/schemas/wallet-money.js';
import type { CursorQuery } from '../../../shared/schemas/paging.js';
import { z } from 'zod';
import { lagosDayStart, lagosNextDayStart } from '../../../shared/schemas/date-range.js';
import { cursorInstant, cursorUuid, decodeCursor, pageOf } from '../../lib/cursor.js';
import type { HistoryRow, WalletHistoryRepository } from './wallet-history-repository.js';

/** A wallet history cursor: the last line's created_at as stored, and its id. */
const transactionCursorShape = z.tuple([cursorInstant, cursorUuid]);

/** Lagos keeps West Africa Time (UTC+1) all year, with no daylight saving. */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** The first instant of the Lagos calendar month `monthsBack` months before the one containing `at`, and its index. */
export function lagosMonthStart(at: Date, monthsBack = 0): Date {
  const lagos = new Date(at.getTime() + LAGOS_OFFSET_MS);
  return new Date(Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth() - monthsBack, 1) - LAGOS_OFFSET_MS);
}

function lagosMonthIndex(at: Date): number {
  const lagos = new Date(at.getTime() + LAGOS_OFFSET_MS);
  return lagos.getUTCFullYear() * 12 + lagos.getUTCMonth();
}

const KEY = 'walletMoney.transactions';

function toTransaction(row: HistoryRow): WalletTransaction {
  const deliveryId = row.deliveryNumber === null ? '' : formatDeliveryId(row.deliveryNumber);
  const withdrawalParams = {
    bank: row.withdrawalBankCode ? (findBank(row.withdrawalBankCode)?.name ?? row.withdrawalBankCode) : '',
    account: row.withdrawalAccount ?? '',
  };
  const base = {
    id: row.id,
    amountKobo: row.amountKobo,
    balanceAfterKobo: row.balanceAfterKobo,
    date: row.createdAt.toISOString(),
    transferReference: null,
  };
  switch (row.kind) {
    case 'topup':
      return { ...base, type: 'topup', descriptionKey: `${KEY}.topup`, params: {}, status: null };
    case 'payment':
      return { ...base, type: 'payment', descriptionKey: `${KEY}.payment`, params: { deliveryId }, status: null };
    case 'refund':
      return {
        ...base,
        type: 'refund',
        descriptionKey: row.fromPayment ? `${KEY}.cardPaymentCredited` : `${KEY}.refund`,
        params: { deliveryId },
        status: null,
      };
    case 'earning':
      return { ...base, type: 'earning', descriptionKey: row.deliveryReturned ? `${KEY}.returnEarning` : `${KEY}.earning`, params: { deliveryId }, status: null };
    case 'hold':
    case 'withdrawal':
      return {
        ...base,
        type: 'withdrawal',
        descriptionKey: `${KEY}.withdrawal`,
        params: withdrawalParams,
        status: row.withdrawalStatus,
        // What the payee finds the transfer by on their bank statement (decision 089).
        transferReference: row.withdrawalTransferReference,
      };
    case 'cod_settlement':
      return { ...base, type: 'collected', descriptionKey: `${KEY}.codSettled`, params: { deliveryId }, status: null };
    case 'return_fee':
      return { ...base, type: 'return_fee', descriptionKey: `${KEY}.returnFee`, params: { deliveryId }, status: null };
    case 'owed_paid':
      return { ...base, type: 'owed_paid', descriptionKey: `${KEY}.owedPaid`, params: {}, status: null };
    case 'hold_release':
      return { ...base, type: 'withdrawal', descriptionKey: `${KEY}.withdrawalReturned`, params: withdrawalParams, status: 'failed' };
    default:
      return { ...base, type: 'adjustment', descriptionKey: `${KEY}.adjustment`, params: {}, status: null };
  }
}

/** What the customer spent on deliveries (the deliveries module's definition, decision 084). */
export interface SpendingTotals {
  thisMonthKobo: number;
  lastMonthKobo: number;
  totalKobo: number;
  firstSpentAt: Date | null;
}

export function createWalletHistory(deps: {
  history: WalletHistoryRepository;
  spending(userId: string, thisMonthStart: Date, lastMonthStart: Date): Promise<SpendingTotals>;
  findBalance(userId: string): Promise<number>;
  findWithdrawable(userId: string): Promise<number>;
  findOwed(userId: string): Promise<number>;
}) {
  return {
    /**
     * Spending this and last Lagos calendar month, and the monthly average over the months from the first spending
     * month through this one (the current month counts, so a new customer's average is not inflated; decision 028).
     */
    async stats(userId: string, now = new Date()): Promise<WalletStats> {
      const [balance, withdrawableKobo, owedKobo, spending] = await Promise.all([
        deps.findBalance(userId),
        deps.findWithdrawable(userId),
        deps.findOwed(userId),
        deps.spending(userId, lagosMonthStart(now), lagosMonthStart(now, 1)),
      ]);
      const months = spending.firstSpentAt ? lagosMonthIndex(now) - lagosMonthIndex(spending.firstSpentAt) + 1 : 0;
      return {
        balance,
        withdrawableKobo,
        thisMonthSpentKobo: spending.thisMonthKobo,
        lastMonthSpentKobo: spending.lastMonthKobo,
        monthlyAverageSpentKobo: months > 0 ? Math.round(spending.totalKobo / months) : 0,
        owedKobo,
      };
    },

    /** What the wallet was credited for delivered jobs on a Lagos day (YYYY-MM-DD), in kobo: a driver's earnings. */
    earnedOn: (userId: string, day: string) => deps.history.earned(userId, lagosDayStart(day), lagosNextDayStart(day)),

    /** One keyset page of the wallet's history, newest first (decision 049). */
    async transactions(userId: string, page: CursorQuery): Promise<WalletTransactionsPage> {
      const key = decodeCursor(page.cursor, transactionCursorShape);
      const rows = await deps.history.page(userId, key ? { at: key[0], id: key[1] } : null, page.limit + 1);
      return pageOf(rows, page.limit, (row) => [row.cursorAt, row.id], toTransaction);
    },
  };
}
export type WalletHistory = ReturnType<typeof createWalletHistory>;
