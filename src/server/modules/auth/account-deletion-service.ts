import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.js';
import type { Transactions } from '../../db/transactions.js';
import { AppError } from '../../lib/app-error.js';
import { formatNaira } from '../../../shared/money.js';
import { OPERATOR_ROLE } from '../../../shared/roles.js';
import type { DeleteAccountBody } from '../../../shared/schemas/auth.js';
import type { OutboxEraser, OutboxWriter } from '../messages/outbox-worker.js';
import { sendAccountNotice } from './account-notices.js';
import type { AuthRepository } from './auth-repository.js';
import type { AuthService, RequestContext } from './auth-service.js';
import type { SessionService } from './session-service.js';

/** What a deleted account is called wherever its row is still shown (a delivery's shipper on the board, a receipt). */
export const DELETED_USER_NAME = 'Deleted user';

/** The resend limits look at the last hour of code sends; older ones of a deleted account's identifiers go. */
const CODE_SEND_WINDOW_MS = 60 * 60_000;

/**
 * What must be settled before an account can close, as the modules that own the money and the deliveries see it.
 * Each runs in the deletion's transaction.
 */
export interface AccountClosingChecks {
  /** Locks the wallet (every movement of it waits for the deletion's commit) and says what it holds. */
  lockWallet(tx: Executor, userId: string): Promise<{ withdrawableKobo: number; owedKobo: number }>;
  hasPendingWithdrawal(tx: Executor, userId: string): Promise<boolean>;
  countDeliveriesUnderway(tx: Executor, userId: string): Promise<number>;
}

/**
 * One module's part of forgetting a deleted account, in the deletion's transaction (it writes only its own tables).
 * It may return what is left to do once the transaction has committed: stored files.
 */
export type AccountEraser = (tx: Executor, userId: string) => Promise<void | (() => Promise<void>)>;

interface Deps {
  /** The money lane: the deletion locks the wallet. */
  transactions: Pick<Transactions, 'run'>;
  repository: Pick<
    AuthRepository,
    'lockAccount' | 'anonymiseUser' | 'deleteCodesOfUser' | 'deleteResetTokensOfUser' | 'forgetCodeSends'
  >;
  passwords: Pick<AuthService, 'confirmCurrentPassword'>;
  sessions: Pick<SessionService, 'revokeAllForUser'>;
  outbox: OutboxWriter & OutboxEraser;
  notifyOutbox: () => void;
  checks: AccountClosingChecks;
  /** In this order: a module whose rows others' rows name goes after them. */
  erasers: readonly AccountEraser[];
  /** Removes a profile picture's stored file (the users module's avatars). */
  deletePictureFile: (url: string) => Promise<void>;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * Deleting an account (issue 24, decision 059): the password again, then in one transaction the refusals (what must
 * be settled first), each module's erasure of what it keeps, the goodbye notice, the anonymised user row and the end
 * of every session; `user.deleted` after the commit, and the stored files. The deliveries, the wallet and every
 * ledger line stay, naming the anonymised row.
 */
export function createAccountDeletionService(deps: Deps) {
  const { transactions, repository, checks, outbox } = deps;

  /** Throws the first thing standing in the way, in the order a person can settle them. */
  async function refuseUnsettled(tx: Executor, userId: string) {
    // First, so nothing moves the money between these answers and the commit.
    const wallet = await checks.lockWallet(tx, userId);
    const underway = await checks.countDeliveriesUnderway(tx, userId);
    if (underway > 0) throw new AppError('ACCOUNT_HAS_ACTIVE_DELIVERIES', { params: { count: underway } });
    if (await checks.hasPendingWithdrawal(tx, userId)) throw new AppError('ACCOUNT_HAS_PENDING_WITHDRAWAL');
    if (wallet.owedKobo > 0) throw new AppError('ACCOUNT_HAS_DEBT', { params: { amount: formatNaira(wallet.owedKobo) } });
    if (wallet.withdrawableKobo > 0) {
      throw new AppError('ACCOUNT_HAS_BALANCE', { params: { amount: formatNaira(wallet.withdrawableKobo) } });
    }
  }

  async function runQuietly(work: () => Promise<void>) {
    try {
      await work();
    } catch (err) {
      deps.log.warn({ err }, 'account deletion: a clean-up after the commit failed');
    }
  }

  return {
    /**
     * Deletes the signed-in user's account. A second request that waited for the first finds it deleted and answers
     * the same; one made after the commit has no session left (401).
     */
    async deleteAccount(userId: string, body: DeleteAccountBody, context: RequestContext): Promise<void> {
      await deps.passwords.confirmCurrentPassword(userId, body.currentPassword, context);
      const afterCommit = await transactions.run(async ({ tx, emit }) => {
        const account = await repository.lockAccount(userId, tx);
        if (!account) throw new AppError('UNAUTHENTICATED');
        if (account.deletedAt) return null;
        if (account.roles.includes(OPERATOR_ROLE)) throw new AppError('OPERATOR_ACCOUNT_NOT_DELETABLE');
        await refuseUnsettled(tx, userId);

        const cleanups: (() => Promise<void>)[] = [];
        for (const erase of deps.erasers) {
          const cleanup = await erase(tx, userId);
          if (cleanup) cleanups.push(cleanup);
        }
        const now = new Date();
        const identifiers = [account.email, account.phone, account.whatsappNumber].filter((value): value is string => value !== null);
        // What was sent to the account goes; the one message left tells its owner it is gone (someone holding the
        // session and the password could have done it).
        await outbox.deleteForRecipients(identifiers, tx);
        await sendAccountNotice(outbox, tx, account, 'account-deleted');
        await repository.deleteCodesOfUser(userId, tx);
        await repository.deleteResetTokensOfUser(userId, tx);
        await repository.forgetCodeSends(identifiers, new Date(now.getTime() - CODE_SEND_WINDOW_MS), tx);
        await repository.anonymiseUser(userId, DELETED_USER_NAME, now, tx);
        await deps.sessions.revokeAllForUser(userId, tx);
        emit({ type: 'user.deleted', userId });
        const picture = account.profileImage;
        if (picture) cleanups.push(() => deps.deletePictureFile(picture));
        return cleanups;
      });
      if (!afterCommit) return;
      deps.notifyOutbox();
      for (const cleanup of afterCommit) await runQuietly(cleanup);
    },
  };
}
export type AccountDeletionService = ReturnType<typeof createAccountDeletionService>;
