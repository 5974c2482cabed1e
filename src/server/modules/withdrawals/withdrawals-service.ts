import { randomBytes } from 'node:crypto';
import { createdCursorShape, decodeCursor, pageOf } from '../../lib/cursor.js';
import type { CursorQuery } from '../../../shared/schemas/paging.js';
import type { Transactions } from '../../db/transactions.js';
import { AppError } from '../../lib/app-error.js';
import { findBank } from '../../../shared/banks.js';
import type {
  MarkPaidBody,
  OperatorWithdrawal,
  Withdrawal,
  WithdrawalBody,
  WithdrawalStatus,
} from '../../../shared/schemas/wallet-money.js';
import type { PayoutGateway, PayoutWebhookEvent } from '../../adapters/payouts/index.js';
import type { WalletService } from '../wallet/wallet-service.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { formatNaira } from '../../../shared/money.js';
import type { WithdrawalRow, WithdrawalsRepository } from './withdrawals-repository.js';

interface Deps {
  transactions: Pick<Transactions, 'run'>;
  repository: WithdrawalsRepository;
  payouts: PayoutGateway;
  wallet: Pick<WalletService, 'hold' | 'findBalance' | 'payableOutKobo' | 'releaseHold' | 'settleHold'>;
  /** Seals the account numbers operators pay by hand (decision 075); null in production without PAYOUT_ACCOUNTS_KEY. */
  accountNumbers: SecretBox | null;
  log: { error(object: object, message: string): void };
}

/** Outside production only: a key anyone can read in the code, so development needs no configuration. */
export const DEVELOPMENT_PAYOUT_ACCOUNTS_KEY = Buffer.from('lanefreight-dev-payout-accounts!', 'utf8');

/** The bank as people name it; its code when the list no longer has it. */
const bankNameOf = (code: string) => findBank(code)?.name ?? code;
const maskAccountNumber = (accountNumber: string) => `******${accountNumber.slice(-4)}`;
/** The hold's ledger key: one hold per withdrawal. */
const holdKey = (id: string) => `withdrawal:${id}`;

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    amountKobo: row.amountKobo,
    bankCode: row.bankCode,
    bankName: bankNameOf(row.bankCode),
    accountNumberMasked: row.accountNumberMasked,
    accountName: row.accountName,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    transferReference: row.transferReference,
  };
}

function toOperatorWithdrawal(row: WithdrawalRow): OperatorWithdrawal {
  return {
    ...toWithdrawal(row),
    userId: row.userId,
    payoutGateway: row.payoutGateway,
    reference: row.reference,
    failureReason: row.failureReason,
    accountNumberKept: row.accountNumberSealed !== null,
  };
}

/**
 * Withdrawals to a bank account (decision 028). The amount leaves the balance at once as a hold (wallet → payouts in
 * transit); it is paid (payouts in transit → the payout gateway's clearing) or failed (back to the wallet), once.
 */
export function createWithdrawalsService({ transactions, repository, payouts, wallet, accountNumbers, log }: Deps) {
  /**
   * Ends a pending withdrawal and its hold in one transaction; null when something else ended it first. The customer
   * is told the reason only when an operator wrote it (`fromOperator`): a gateway's words are for operators. `detail`
   * is a paid one's bank reference (decision 089), a failed one's reason.
   */
  async function finish(row: WithdrawalRow, outcome: 'paid' | 'failed', detail: string | null, { fromOperator = false } = {}) {
    return transactions.run(async (transaction) => {
      const ending =
        outcome === 'paid' ? { status: outcome, transferReference: detail } : { status: outcome, failureReason: detail };
      const finished = await repository.finish(row.id, ending, new Date(), transaction.tx);
      if (!finished) return null;
      const reason = outcome === 'failed' ? detail : null;
      transaction.emit({
        type: 'withdrawal.finished',
        userId: row.userId,
        withdrawalId: row.id,
        status: outcome,
        amountKobo: Math.abs(row.amountKobo),
        bankName: bankNameOf(row.bankCode),
        accountNumberMasked: row.accountNumberMasked,
        customerReason: fromOperator ? reason : null,
        transferReference: finished.transferReference,
      });
      if (outcome === 'paid') await wallet.settleHold(transaction, holdKey(row.id), row.payoutGateway);
      else await wallet.releaseHold(transaction, holdKey(row.id));
      return finished;
    });
  }

  /** Hands a new withdrawal to an automated payout gateway; an unknown outcome stays pending for the webhook. */
  async function sendTransfer(row: WithdrawalRow, recipientCode: string): Promise<WithdrawalRow> {
    try {
      const result = await payouts.initiateTransfer({
        reference: row.reference,
        amountKobo: row.amountKobo,
        recipientCode,
        reason: 'Lanefreight wallet withdrawal',
      });
      if (result.outcome === 'rejected') return (await finish(row, 'failed', result.reason)) ?? row;
      await repository.setTransferCode(row.id, result.transferCode);
      if (result.status === 'success') return (await finish(row, 'paid', null)) ?? row;
      return row;
    } catch (err) {
      if (err instanceof AppError && err.code === 'GATEWAY_UNAVAILABLE') return row;
      throw err;
    }
  }

  async function findPending(id: string) {
    const row = await repository.findById(id);
    if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
    if (row.status !== 'pending') throw new AppError('WITHDRAWAL_NOT_PENDING');
    return row;
  }

  async function operatorFinish(id: string, outcome: 'paid' | 'failed', detail: string | null) {
    const row = await findPending(id);
    if (payouts.settlement === 'webhook' && row.payoutGateway === 'paystack') {
      throw new AppError('WITHDRAWAL_SETTLED_BY_GATEWAY');
    }
    const finished = await finish(row, outcome, detail, { fromOperator: true });
    if (!finished) throw new AppError('WITHDRAWAL_NOT_PENDING');
    return toOperatorWithdrawal(finished);
  }

  /**
   * After the rollback: a balance that covers the amount with test money, which never leaves (decision 018), is
   * named as such rather than "insufficient".
   */
  async function explainRefusal(error: unknown, userId: string, amountKobo: number): Promise<never> {
    if (error instanceof AppError && error.code === 'WITHDRAWAL_INSUFFICIENT_BALANCE') {
      const [balance, withdrawable] = await Promise.all([wallet.findBalance(userId), wallet.payableOutKobo(userId)]);
      if (balance >= amountKobo) {
        throw new AppError('WITHDRAWAL_TEST_MONEY', { params: { withdrawable: formatNaira(withdrawable) } });
      }
    }
    throw error;
  }

  /** An operator pays by hand, so needs the whole number later: sealed, never stored as typed. */
  function sealForOperator(accountNumber: string): string | null {
    if (payouts.settlement !== 'operator') return null;
    if (!accountNumbers) throw new AppError('PAYOUTS_NOT_CONFIGURED');
    return accountNumbers.seal(accountNumber);
  }

  return {
    async request(userId: string, body: WithdrawalBody): Promise<Withdrawal> {
      const accountNumberSealed = sealForOperator(body.accountNumber);
      // An automated gateway resolves the account at the bank first: a refusal writes nothing.
      const recipient =
        payouts.settlement === 'webhook'
          ? await payouts.createRecipient({
              bankCode: body.bankCode,
              accountNumber: body.accountNumber,
              accountName: body.accountName,
            })
          : null;
      const row = await transactions
        .run(async (transaction) => {
          const inserted = await repository.insert(
            {
              userId,
              amountKobo: body.amountKobo,
              bankCode: body.bankCode,
              accountNumberMasked: maskAccountNumber(body.accountNumber),
              accountNumberSealed,
              accountName: recipient?.resolvedAccountName ?? body.accountName,
              payoutGateway: payouts.name,
              reference: `lfw_${randomBytes(12).toString('hex')}`,
            },
            transaction.tx,
          );
          const held = await wallet.hold(transaction, {
            userId,
            amountKobo: body.amountKobo,
            description: `Withdrawal to ${bankNameOf(body.bankCode)} ${inserted.accountNumberMasked}`,
            key: holdKey(inserted.id),
            withdrawalId: inserted.id,
          });
          // Thrown inside the transaction, so the withdrawal row goes too: nothing half-written.
          if (held === null) throw new AppError('WITHDRAWAL_INSUFFICIENT_BALANCE', { type: 'insufficient_balance' });
          return inserted;
        })
        .catch((error: unknown) => explainRefusal(error, userId, body.amountKobo));
      return toWithdrawal(recipient ? await sendTransfer(row, recipient.recipientCode) : row);
    },

    /** A paid withdrawal's transfer reference, for its receipt (decision 089); null while pending, failed or unknown. */
    async findTransferReference(id: string): Promise<string | null> {
      return (await repository.findById(id))?.transferReference ?? null;
    },

    /** The operator's list: one keyset page, newest first, by status or all (decision 049). */
    async list(query: { status?: WithdrawalStatus } & CursorQuery) {
      const key = decodeCursor(query.cursor, createdCursorShape);
      const rows = await repository.list(query.status, key ? { at: key[0], id: key[1] } : null, query.limit + 1);
      return pageOf(rows, query.limit, (row) => [row.cursorAt, row.withdrawal.id], (row) => toOperatorWithdrawal(row.withdrawal));
    },

    /** How many withdrawals wait to be paid, counted up to `cap` (decision 060). */
    countPending: (cap: number) => repository.countPending(cap),

    /** The whole account number of a pending withdrawal an operator pays by hand (decision 075). */
    async revealAccountNumber(id: string): Promise<{ accountNumber: string }> {
      const row = await findPending(id);
      if (row.accountNumberSealed === null || !accountNumbers) throw new AppError('WITHDRAWAL_ACCOUNT_NUMBER_NOT_KEPT');
      try {
        return { accountNumber: accountNumbers.open(row.accountNumberSealed) };
      } catch (error) {
        // Sealed under another key (PAYOUT_ACCOUNTS_KEY changed): the number is lost, as if never kept.
        log.error({ err: error, withdrawalId: id }, 'a withdrawal account number could not be unsealed');
        throw new AppError('WITHDRAWAL_ACCOUNT_NUMBER_NOT_KEPT');
      }
    },

    /** Paid by hand: the bank's reference for the transfer is required, and kept (decision 089). */
    markPaid: (id: string, body: MarkPaidBody) => operatorFinish(id, 'paid', body.transferReference),
    markFailed: (id: string, reason: string | null) => operatorFinish(id, 'failed', reason),

    /** A signed transfer event from the payout gateway. Unknown references are logged, not retried. */
    async handleTransferEvent(event: PayoutWebhookEvent): Promise<{ handled: boolean; reason?: string }> {
      if (event.type === 'ignored') return { handled: false, reason: `ignored ${event.event}` };
      const row = await repository.findByReference(event.reference);
      if (!row) return { handled: false, reason: 'unknown reference' };
      if (event.amountKobo !== row.amountKobo) return { handled: false, reason: 'amount mismatch' };
      if (row.status !== 'pending') {
        // A reversal after payment would need a new posting back to the wallet: left to an operator for now.
        return {
          handled: row.status === (event.type === 'transfer.success' ? 'paid' : 'failed'),
          reason: `already ${row.status}`,
        };
      }
      // Paid: the event's transfer code is the reference, in case it came before the answer that stores it.
      await finish(
        row,
        event.type === 'transfer.success' ? 'paid' : 'failed',
        event.type === 'transfer.success' ? event.transferCode : event.type,
      );
      return { handled: true };
    },
  };
}
export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
