import type { MovementCause } from '../../lib/domain-events.js';
import type { Executor } from '../../db/client.js';
import type { Transaction } from '../../db/transactions.js';
import type { LedgerKind, WalletRepository } from './wallet-repository.js';

/**
 * The only writer of wallets and ledger entries. Every movement is a balance change plus its ledger entry, in the
 * caller's transaction, and publishes wallet.credited / wallet.debited once that transaction commits.
 */
export interface Movement {
  userId: string;
  amountKobo: number;
  description: string;
  /** Unique per movement: a repeat with the same key is refused by the ledger. */
  idempotencyKey: string;
  deliveryId?: string;
  /** The delivery's public number, for subscribers (notifications) that name it. */
  deliveryNumber?: number;
  cause?: MovementCause;
  /** For a credit: the part of the amount that is sandbox money (decision 018), so it stays marked. */
  sandboxKobo?: number;
}

interface Deps {
  wallet: WalletRepository;
}

export function createWalletService({ wallet }: Deps) {
  async function credit({ tx, emit }: Transaction, movement: Movement, kind: LedgerKind = 'topup') {
    const sandboxKobo = movement.sandboxKobo ?? 0;
    const balanceAfterKobo = await wallet.credit(movement.userId, movement.amountKobo, tx, sandboxKobo);
    await wallet.insertLedgerEntry(
      {
        userId: movement.userId,
        amountKobo: movement.amountKobo,
        sandboxKobo,
        balanceAfterKobo,
        kind,
        description: movement.description,
        deliveryId: movement.deliveryId,
        idempotencyKey: movement.idempotencyKey,
      },
      tx,
    );
    emit({
      type: 'wallet.credited',
      userId: movement.userId,
      amountKobo: movement.amountKobo,
      balanceAfterKobo,
      kind,
      deliveryId: movement.deliveryId ?? null,
      deliveryNumber: movement.deliveryNumber ?? null,
      cause: movement.cause ?? null,
    });
    return balanceAfterKobo;
  }

  /** Null when the balance does not cover it (nothing written). Real money goes first (decision 018). */
  async function debit({ tx, emit }: Transaction, movement: Omit<Movement, 'sandboxKobo'>, kind: LedgerKind = 'payment') {
    const debited = await wallet.debitIfCovered(movement.userId, movement.amountKobo, tx);
    if (debited === null) return null;
    const { balanceAfterKobo, sandboxKobo } = debited;
    await wallet.insertLedgerEntry(
      {
        userId: movement.userId,
        amountKobo: -movement.amountKobo,
        sandboxKobo,
        balanceAfterKobo,
        kind,
        description: movement.description,
        deliveryId: movement.deliveryId,
        idempotencyKey: movement.idempotencyKey,
      },
      tx,
    );
    emit({
      type: 'wallet.debited',
      userId: movement.userId,
      amountKobo: movement.amountKobo,
      balanceAfterKobo,
      kind,
      deliveryId: movement.deliveryId ?? null,
      deliveryNumber: movement.deliveryNumber ?? null,
      cause: movement.cause ?? null,
    });
    return balanceAfterKobo;
  }

  /**
   * A hold ends once, as a ledger entry keyed `hold-end:<key>`: locking the hold's own entry first makes a parallel
   * ending wait, then find it ended.
   */
  async function endHold(transaction: Transaction, key: string, ending: 'hold_release' | 'hold_settle') {
    const { tx, emit } = transaction;
    const held = await wallet.findLedgerEntry(`hold:${key}`, tx, { lock: true });
    if (!held) return 'not_held' as const;
    if (await wallet.findLedgerEntry(`hold-end:${key}`, tx)) return 'already_ended' as const;
    const amountKobo = ending === 'hold_release' ? -held.amountKobo : 0;
    // A released hold gives back each kind of money as it was taken.
    const sandboxKobo = ending === 'hold_release' ? -held.sandboxKobo : 0;
    const balanceAfterKobo =
      amountKobo > 0
        ? await wallet.credit(held.userId, amountKobo, tx, sandboxKobo)
        : await wallet.findBalance(held.userId, tx);
    await wallet.insertLedgerEntry(
      {
        userId: held.userId,
        amountKobo,
        sandboxKobo,
        balanceAfterKobo,
        kind: ending,
        description: held.description,
        deliveryId: held.deliveryId ?? undefined,
        idempotencyKey: `hold-end:${key}`,
      },
      tx,
    );
    if (amountKobo > 0) {
      emit({
        type: 'wallet.credited',
        userId: held.userId,
        amountKobo,
        balanceAfterKobo,
        kind: ending,
        deliveryId: held.deliveryId,
        deliveryNumber: null,
        cause: null,
      });
    }
    return ending === 'hold_release' ? ('released' as const) : ('settled' as const);
  }

  return {
    findBalance: (userId: string) => wallet.findBalance(userId),
    /** How much of a wallet payment (its ledger key, `payment:<delivery id>`) was sandbox money, positive. */
    sandboxPartOfDebit: (idempotencyKey: string, tx: Executor) => wallet.findSandboxPartOfDebit(idempotencyKey, tx),
    credit: (transaction: Transaction, movement: Movement) => credit(transaction, movement, 'topup'),
    debit: (transaction: Transaction, movement: Movement) => debit(transaction, movement, 'payment'),

    /** Money back for a delivery that will not happen: the one refund path (cancellation, a card payment too late). */
    refund: (transaction: Transaction, movement: Movement) => credit(transaction, movement, 'refund'),

    /**
     * Sets money aside (a withdrawal on its way): it leaves the balance now, as a pending `hold` entry keyed
     * `hold:<key>`, and later either goes back (releaseHold) or is gone for good (settleHold). Null when the
     * balance does not cover it.
     */
    hold: (transaction: Transaction, hold: Omit<Movement, 'idempotencyKey' | 'sandboxKobo'> & { key: string }) =>
      debit(transaction, { ...hold, idempotencyKey: `hold:${hold.key}` }, 'hold'),
    releaseHold: (transaction: Transaction, key: string) => endHold(transaction, key, 'hold_release'),
    settleHold: (transaction: Transaction, key: string) => endHold(transaction, key, 'hold_settle'),
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
