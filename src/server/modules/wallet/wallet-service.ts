import type { DomainEvent, MovementCause } from '../../lib/domain-events.js';
import type { Transaction } from '../../db/transactions.js';
import { linesJson, type LedgerKind, type PlatformLine, type PostingKind, type WalletRepository } from './wallet-repository.js';
import { ACCOUNTS, type Account, type GatewayName } from './accounts.js';

/**
 * The only writer of wallets and the ledger. Every movement is one double-entry posting (decision 027): the wallet's
 * line (its ledger entry, with the balance after) and the other side on a platform account, summing to zero, in the
 * caller's transaction. It publishes wallet.credited / wallet.debited once that transaction commits.
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

/** Where a refund comes from: the refunds account (contra-revenue) by default, a gateway's clearing for a late card payment. */
export interface RefundMovement extends Movement {
  from?: Account;
  /** The gateway payment the money came in by, when it never reached revenue. */
  paymentId?: string;
}

interface Deps {
  wallet: WalletRepository;
}

const lineOn = (account: Account, amountKobo: number): PlatformLine => ({
  accountType: account.type,
  accountKey: account.key,
  amountKobo,
});

/**
 * A driver's share of a delivered fare (decision 034), written by the hand-over's own statement, which composes
 * driverEarningsCtes (wallet-statements.ts): two postings, revenue → the driver's earnings account (keyed by the
 * driver; what the platform owes them for the job), then that account → the driver's wallet, where it is withdrawable
 * like any wallet money. The earnings account thus nets to zero per driver while its lines record every job's share;
 * the wallet line is kind `earning`. Returns the statement's placeholder values, and the event to emit with the
 * balance after once it wrote them (nothing is written for a zero amount).
 */
export function driverEarnings(movement: Movement & { deliveryId: string }) {
  const earnings = ACCOUNTS.driverEarnings(movement.userId);
  const values = {
    earningKobo: movement.amountKobo,
    earningSandboxKobo: movement.sandboxKobo ?? 0,
    earningKey: movement.idempotencyKey,
    earningUserId: movement.userId,
    earningDescription: movement.description,
    earningAt: new Date(),
    earningLines: linesJson([lineOn(ACCOUNTS.revenue, -movement.amountKobo), lineOn(earnings, movement.amountKobo)]),
    earningPaidLines: linesJson([lineOn(earnings, -movement.amountKobo)]),
  };
  const credited = (balanceAfterKobo: number): DomainEvent => ({
    type: 'wallet.credited',
    userId: movement.userId,
    amountKobo: movement.amountKobo,
    balanceAfterKobo,
    kind: 'earning',
    deliveryId: movement.deliveryId,
    deliveryNumber: movement.deliveryNumber ?? null,
    cause: movement.cause ?? null,
  });
  return { values, credited };
}

export function createWalletService({ wallet }: Deps) {
  interface Posting {
    kind: PostingKind;
    ledgerKind: LedgerKind;
    counterAccount: Account;
    paymentId?: string | null;
  }

  async function credit({ tx, emit }: Transaction, movement: Movement, posting: Posting) {
    const sandboxKobo = movement.sandboxKobo ?? 0;
    const balanceAfterKobo = await wallet.creditWithPosting(
      {
        posting: { kind: posting.kind, paymentId: posting.paymentId, lines: [lineOn(posting.counterAccount, -movement.amountKobo)] },
        entry: {
          userId: movement.userId,
          amountKobo: movement.amountKobo,
          sandboxKobo,
          kind: posting.ledgerKind,
          description: movement.description,
          deliveryId: movement.deliveryId,
          idempotencyKey: movement.idempotencyKey,
        },
      },
      tx,
    );
    emit({
      type: 'wallet.credited',
      userId: movement.userId,
      amountKobo: movement.amountKobo,
      balanceAfterKobo,
      kind: posting.ledgerKind,
      deliveryId: movement.deliveryId ?? null,
      deliveryNumber: movement.deliveryNumber ?? null,
      cause: movement.cause ?? null,
    });
    return balanceAfterKobo;
  }

  /** Null when the balance (or, for a withdrawal, what may leave) does not cover it: nothing written. */
  async function debit(
    { tx, emit }: Transaction,
    movement: Omit<Movement, 'sandboxKobo'>,
    posting: Posting,
    cover: 'balance' | 'payable_out',
  ) {
    // Real money goes first (decision 018); a withdrawal takes only money that may leave, so no sandbox money.
    const debited =
      cover === 'balance'
        ? await wallet.debitIfCovered(movement.userId, movement.amountKobo, tx)
        : await wallet
            .debitIfPayableOut(movement.userId, movement.amountKobo, tx)
            .then((balanceAfterKobo) => (balanceAfterKobo === null ? null : { balanceAfterKobo, sandboxKobo: 0 }));
    if (debited === null) return null;
    const { balanceAfterKobo, sandboxKobo } = debited;
    const postingId = await wallet.insertPosting(
      {
        kind: posting.kind,
        idempotencyKey: movement.idempotencyKey,
        lines: [lineOn(posting.counterAccount, movement.amountKobo)],
      },
      tx,
    );
    await wallet.insertLedgerEntry(
      {
        postingId,
        userId: movement.userId,
        amountKobo: -movement.amountKobo,
        sandboxKobo,
        balanceAfterKobo,
        kind: posting.ledgerKind,
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
      kind: posting.ledgerKind,
      deliveryId: movement.deliveryId ?? null,
      deliveryNumber: movement.deliveryNumber ?? null,
      cause: movement.cause ?? null,
    });
    return balanceAfterKobo;
  }

  /**
   * A hold ends once, as a posting keyed `hold-end:<key>`: locking the hold's own entry first makes a parallel
   * ending wait, then find it ended. Released: payouts in transit → wallet. Settled: payouts in transit → the payout
   * gateway's clearing, with a wallet line of 0 so the wallet's history shows the withdrawal done.
   */
  async function endHold(
    transaction: Transaction,
    key: string,
    ending: { kind: 'hold_release' } | { kind: 'hold_settle'; gateway: GatewayName },
  ) {
    const { tx, emit } = transaction;
    const held = await wallet.findLedgerEntry(`hold:${key}`, tx, { lock: true });
    if (!held) return 'not_held' as const;
    if (await wallet.findLedgerEntry(`hold-end:${key}`, tx)) return 'already_ended' as const;
    const heldKobo = -held.amountKobo;
    const released = ending.kind === 'hold_release';
    const postingId = await wallet.insertPosting(
      {
        kind: released ? 'withdrawal_failed' : 'withdrawal_paid',
        idempotencyKey: `hold-end:${key}`,
        lines: released
          ? [lineOn(ACCOUNTS.payoutsInTransit, -heldKobo)]
          : [lineOn(ACCOUNTS.payoutsInTransit, -heldKobo), lineOn(ACCOUNTS.clearing(ending.gateway), heldKobo)],
      },
      tx,
    );
    const amountKobo = released ? heldKobo : 0;
    // A released hold gives back each kind of money as it was taken.
    const sandboxKobo = released ? -held.sandboxKobo : 0;
    const balanceAfterKobo =
      amountKobo > 0
        ? await wallet.credit(held.userId, amountKobo, tx, sandboxKobo)
        : await wallet.findBalance(held.userId, tx);
    await wallet.insertLedgerEntry(
      {
        postingId,
        userId: held.userId,
        amountKobo,
        sandboxKobo,
        balanceAfterKobo,
        kind: ending.kind,
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
        kind: ending.kind,
        deliveryId: held.deliveryId,
        deliveryNumber: null,
        cause: null,
      });
    }
    return released ? ('released' as const) : ('settled' as const);
  }

  return {
    findBalance: (userId: string) => wallet.findBalance(userId),
    /** What a withdrawal may take now (the balance less any sandbox money; see payable-out.ts). */
    payableOutKobo: (userId: string) => wallet.findPayableOut(userId),

    /**
     * Money paid in at a gateway for this wallet: the gateway's clearing → the wallet. Through the sandbox it is
     * test money: it may pay for deliveries but never leaves (decision 018).
     */
    topUp: (
      transaction: Transaction,
      movement: Omit<Movement, 'sandboxKobo'> & { gateway: GatewayName; paymentId: string },
    ) =>
      credit(
        transaction,
        { ...movement, sandboxKobo: movement.gateway === 'sandbox' ? movement.amountKobo : 0 },
        {
          kind: 'topup',
          ledgerKind: 'topup',
          counterAccount: ACCOUNTS.clearing(movement.gateway),
          paymentId: movement.paymentId,
        },
      ),

    /** Money added by the platform itself (seed data, a correction): adjustments → the wallet. */
    adjust: (transaction: Transaction, movement: Movement) =>
      credit(transaction, movement, {
        kind: 'adjustment',
        ledgerKind: 'adjustment',
        counterAccount: ACCOUNTS.adjustments,
      }),

    /** A wallet payment outside the one-statement path: the wallet → revenue. */
    debit: (transaction: Transaction, movement: Movement) =>
      debit(
        transaction,
        movement,
        { kind: 'wallet_payment', ledgerKind: 'payment', counterAccount: ACCOUNTS.revenue },
        'balance',
      ),

    /**
     * Money back for a delivery that will not happen: the one refund path (cancellation, a card payment too late).
     * From the refunds account, or from the gateway's clearing when the card money never became revenue.
     */
    refund: (transaction: Transaction, movement: RefundMovement) =>
      credit(transaction, movement, {
        kind: 'refund',
        ledgerKind: 'refund',
        counterAccount: movement.from ?? ACCOUNTS.refunds,
        paymentId: movement.paymentId,
      }),

    driverEarnings,

    /** A card payment for a delivery: the gateway's clearing → revenue (no wallet line). */
    async recordCardPayment(
      transaction: Transaction,
      payment: { paymentId: string; reference: string; gateway: GatewayName; amountKobo: number },
    ) {
      await wallet.insertPosting(
        {
          kind: 'card_payment',
          idempotencyKey: `card:${payment.reference}`,
          paymentId: payment.paymentId,
          lines: [
            lineOn(ACCOUNTS.clearing(payment.gateway), -payment.amountKobo),
            lineOn(ACCOUNTS.revenue, payment.amountKobo),
          ],
        },
        transaction.tx,
      );
    },

    /**
     * Sets money aside for a withdrawal: the wallet → payouts in transit, as a pending `hold` entry keyed
     * `hold:<key>`, that later either goes back (releaseHold) or leaves for good (settleHold). Only what may leave
     * the platform can be held. Null when that does not cover it.
     */
    hold: (transaction: Transaction, hold: Omit<Movement, 'idempotencyKey' | 'sandboxKobo'> & { key: string }) =>
      debit(
        transaction,
        { ...hold, idempotencyKey: `hold:${hold.key}` },
        { kind: 'withdrawal_hold', ledgerKind: 'hold', counterAccount: ACCOUNTS.payoutsInTransit },
        'payable_out',
      ),
    releaseHold: (transaction: Transaction, key: string) => endHold(transaction, key, { kind: 'hold_release' }),
    settleHold: (transaction: Transaction, key: string, gateway: GatewayName) =>
      endHold(transaction, key, { kind: 'hold_settle', gateway }),
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
