import type { DomainEvent, MovementCause, WalletMovementFacts } from '../../lib/domain-events.js';
import type { Transaction } from '../../db/transactions.js';
import { type LedgerKind, type PlatformLine, type PostingKind, type WalletRepository } from './wallet-repository.js';
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
  /** The withdrawal a hold is for, so its receipt can name the transfer once it is paid (decision 089). */
  withdrawalId?: string;
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
  const values = {
    earningKobo: movement.amountKobo,
    earningSandboxKobo: movement.sandboxKobo ?? 0,
    earningKey: movement.idempotencyKey,
    earningUserId: movement.userId,
    earningDescription: movement.description,
    earningDeliveryId: movement.deliveryId,
  };
  const credited = (balanceAfterKobo: number): DomainEvent =>
    walletMovementEvent('credited', { ...movement, balanceAfterKobo, kind: 'earning' });
  return { values, credited };
}

/** The one shape of a wallet event (wallet.credited / wallet.debited): every movement's, and the hot paths'. */
export function walletMovementEvent(
  direction: 'credited' | 'debited',
  facts: Omit<WalletMovementFacts, 'deliveryId' | 'deliveryNumber' | 'cause'> & {
    deliveryId?: string | null;
    deliveryNumber?: number | null;
    cause?: MovementCause | null;
  },
): DomainEvent {
  return {
    type: direction === 'credited' ? 'wallet.credited' : 'wallet.debited',
    userId: facts.userId,
    amountKobo: facts.amountKobo,
    balanceAfterKobo: facts.balanceAfterKobo,
    kind: facts.kind,
    deliveryId: facts.deliveryId ?? null,
    deliveryNumber: facts.deliveryNumber ?? null,
    cause: facts.cause ?? null,
    ...(facts.codSettlement ? { codSettlement: facts.codSettlement } : {}),
    ...(facts.withdrawalId ? { withdrawalId: facts.withdrawalId } : {}),
  };
}

/** A wallet's line of a posting: its ledger entry. Positive credits the wallet, negative debits it. */
export interface WalletLine {
  userId: string;
  amountKobo: number;
  ledgerKind: LedgerKind;
  description: string;
  deliveryId?: string | null;
  deliveryNumber?: number | null;
  cause?: MovementCause | null;
  withdrawalId?: string;
  /**
   * A credit: how much of it is sandbox money (decision 018). A debit takes real money first and records what it
   * took; a release gives back each kind as it was taken (negative here, like the debit it undoes).
   */
  sandboxKobo?: number;
  /** What must cover a debit: the balance, or only what may leave the platform (a withdrawal). */
  cover?: 'balance' | 'payable_out';
}

/**
 * One double-entry posting (decision 027): its platform lines and at most one wallet line, summing to zero, under a
 * key that makes it happen once.
 */
export interface PostingMovement {
  kind: PostingKind;
  idempotencyKey: string;
  paymentId?: string | null;
  wallet?: WalletLine;
  lines: { account: Account; amountKobo: number }[];
}

export type PostOutcome =
  /** `sandboxKobo`: the wallet line's part in sandbox money, signed like it (a debit: what it took of it). */
  | { outcome: 'posted'; balanceAfterKobo: number | null; sandboxKobo: number }
  /** The key was posted before: nothing written. */
  | { outcome: 'replayed' }
  /** A debit its cover did not cover: nothing written. */
  | { outcome: 'not_covered' };

export class UnbalancedPostingError extends Error {
  constructor(readonly sumKobo: number) {
    super(`a posting's lines must sum to zero; these sum to ${sumKobo} kobo`);
    this.name = 'UnbalancedPostingError';
  }
}

export function createWalletService({ wallet }: Deps) {
  /**
   * The one writer of postings, their lines, ledger entries and wallet balances, in the caller's transaction; its
   * wallet events follow the commit. A debit is written only if covered; a key already posted writes nothing.
   */
  async function post({ tx, emit }: Transaction, movement: PostingMovement): Promise<PostOutcome> {
    const line = movement.wallet;
    const sum = movement.lines.reduce((total, l) => total + l.amountKobo, line?.amountKobo ?? 0);
    if (sum !== 0) throw new UnbalancedPostingError(sum);
    if (await wallet.postingExists(movement.idempotencyKey, tx)) return { outcome: 'replayed' };
    const platformLines = movement.lines.map((l) => lineOn(l.account, l.amountKobo));
    if (!line) {
      await wallet.insertPosting({ kind: movement.kind, idempotencyKey: movement.idempotencyKey, paymentId: movement.paymentId, lines: platformLines }, tx);
      return { outcome: 'posted', balanceAfterKobo: null, sandboxKobo: 0 };
    }
    const entry = {
      userId: line.userId,
      amountKobo: line.amountKobo,
      kind: line.ledgerKind,
      description: line.description,
      deliveryId: line.deliveryId ?? undefined,
      idempotencyKey: movement.idempotencyKey,
    };
    let balanceAfterKobo: number;
    let sandboxKobo = line.sandboxKobo ?? 0;
    let owedKobo = 0;
    if (line.amountKobo > 0) {
      // A credit is one statement: the posting, its lines, the wallet and its entry.
      ({ balanceAfterKobo, owedKobo } = await wallet.creditWithPosting(
        { posting: { kind: movement.kind, paymentId: movement.paymentId, lines: platformLines }, entry: { ...entry, sandboxKobo } },
        tx,
      ));
    } else {
      if (line.amountKobo < 0) {
        // Real money goes first (decision 018); what may leave the platform holds no sandbox money.
        const debited =
          line.cover === 'payable_out'
            ? await wallet
                .debitIfPayableOut(line.userId, -line.amountKobo, tx)
                .then((after) => (after === null ? null : { balanceAfterKobo: after, sandboxKobo: 0 }))
            : await wallet.debitIfCovered(line.userId, -line.amountKobo, tx);
        if (debited === null) return { outcome: 'not_covered' };
        balanceAfterKobo = debited.balanceAfterKobo;
        sandboxKobo = debited.sandboxKobo;
      } else {
        // A line of zero keeps the wallet's history whole (a withdrawal paid out): the balance as it is.
        balanceAfterKobo = await wallet.findBalance(line.userId, tx);
        sandboxKobo = 0;
      }
      const postingId = await wallet.insertPosting(
        { kind: movement.kind, idempotencyKey: movement.idempotencyKey, paymentId: movement.paymentId, lines: platformLines },
        tx,
      );
      await wallet.insertLedgerEntry({ ...entry, postingId, sandboxKobo, balanceAfterKobo }, tx);
    }
    if (line.amountKobo !== 0) {
      emit(
        walletMovementEvent(line.amountKobo > 0 ? 'credited' : 'debited', {
          userId: line.userId,
          amountKobo: Math.abs(line.amountKobo),
          balanceAfterKobo,
          kind: line.ledgerKind,
          deliveryId: line.deliveryId,
          deliveryNumber: line.deliveryNumber,
          cause: line.cause,
          withdrawalId: line.withdrawalId,
        }),
      );
    }
    // What the user owes is taken first from money that comes in (decision 053).
    if (owedKobo > 0) {
      const paid = await payOwed({ tx, emit }, line.userId, `owed:${movement.idempotencyKey}`);
      if (paid !== null) balanceAfterKobo = paid;
    }
    return { outcome: 'posted', balanceAfterKobo, sandboxKobo };
  }

  /**
   * Takes what the user owes (receivable:{user}) from their wallet, as far as the balance covers it, under `key`;
   * the balance after, or null when nothing was owed or there was nothing to take.
   */
  async function payOwed(transaction: Transaction, userId: string, key: string): Promise<number | null> {
    const debts = await wallet.lockDebts(userId, transaction.tx);
    const takenKobo = Math.min(debts.owedKobo, debts.balanceKobo);
    if (takenKobo <= 0) return null;
    const posted = await post(transaction, {
      kind: 'receivable_collected',
      idempotencyKey: key,
      wallet: { userId, amountKobo: -takenKobo, ledgerKind: 'owed_paid', description: 'Owed to Lanefreight: paid from your balance' },
      lines: [{ account: ACCOUNTS.receivable(userId), amountKobo: takenKobo }],
    });
    if (posted.outcome !== 'posted') return null;
    await wallet.reduceOwed(userId, takenKobo, transaction.tx);
    return posted.balanceAfterKobo;
  }

  /**
   * A fee the user must pay (a return's, decision 053): from the wallet as far as it covers it, the rest owed
   * (receivable:{user} and the wallet's owed_kobo, taken from the next money in). Under `idempotencyKey`, once.
   */
  async function chargeOrOwe(
    transaction: Transaction,
    charge: { userId: string; amountKobo: number; description: string; deliveryId: string; deliveryNumber: number; idempotencyKey: string },
  ) {
    const { tx } = transaction;
    if (await wallet.postingExists(charge.idempotencyKey, tx)) return { outcome: 'replayed' as const };
    const debts = await wallet.lockDebts(charge.userId, tx);
    const coveredKobo = Math.min(debts.balanceKobo, charge.amountKobo);
    const owedKobo = charge.amountKobo - coveredKobo;
    await post(transaction, {
      kind: 'return_fee',
      idempotencyKey: charge.idempotencyKey,
      // An empty wallet has no line in it: what is owed shows on the wallet page, and its payment when it is taken.
      wallet:
        coveredKobo > 0
          ? {
              userId: charge.userId,
              amountKobo: -coveredKobo,
              ledgerKind: 'return_fee',
              description: charge.description,
              deliveryId: charge.deliveryId,
              deliveryNumber: charge.deliveryNumber,
            }
          : undefined,
      lines: [
        { account: ACCOUNTS.revenue, amountKobo: charge.amountKobo },
        ...(owedKobo > 0 ? [{ account: ACCOUNTS.receivable(charge.userId), amountKobo: -owedKobo }] : []),
      ],
    });
    if (owedKobo > 0) await wallet.addOwed(charge.userId, owedKobo, tx);
    return { outcome: 'posted' as const, coveredKobo, owedKobo };
  }

  const walletLineOf = (movement: Movement, ledgerKind: LedgerKind, sign: 1 | -1): WalletLine => ({
    userId: movement.userId,
    amountKobo: sign * movement.amountKobo,
    ledgerKind,
    description: movement.description,
    deliveryId: movement.deliveryId,
    deliveryNumber: movement.deliveryNumber,
    cause: movement.cause,
    withdrawalId: movement.withdrawalId,
    sandboxKobo: sign > 0 ? movement.sandboxKobo : undefined,
  });

  /** A credit from a platform account; its balance after (a replay answers null). */
  async function credit(transaction: Transaction, movement: Movement, posting: { kind: PostingKind; ledgerKind: LedgerKind; from: Account; paymentId?: string | null }) {
    const posted = await post(transaction, {
      kind: posting.kind,
      idempotencyKey: movement.idempotencyKey,
      paymentId: posting.paymentId,
      wallet: walletLineOf(movement, posting.ledgerKind, 1),
      lines: [{ account: posting.from, amountKobo: -movement.amountKobo }],
    });
    return posted.outcome === 'posted' ? posted.balanceAfterKobo : null;
  }

  /** A debit to a platform account; null when not covered (or a replay): nothing written. */
  async function debit(
    transaction: Transaction,
    movement: Omit<Movement, 'sandboxKobo'>,
    posting: { kind: PostingKind; ledgerKind: LedgerKind; to: Account },
    cover: 'balance' | 'payable_out',
  ) {
    const posted = await post(transaction, {
      kind: posting.kind,
      idempotencyKey: movement.idempotencyKey,
      wallet: { ...walletLineOf(movement, posting.ledgerKind, -1), cover },
      lines: [{ account: posting.to, amountKobo: movement.amountKobo }],
    });
    return posted.outcome === 'posted' ? posted.balanceAfterKobo : null;
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
    const held = await wallet.findLedgerEntry(`hold:${key}`, transaction.tx, { lock: true });
    if (!held) return 'not_held' as const;
    const heldKobo = -held.amountKobo;
    const released = ending.kind === 'hold_release';
    const posted = await post(transaction, {
      kind: released ? 'withdrawal_failed' : 'withdrawal_paid',
      idempotencyKey: `hold-end:${key}`,
      wallet: {
        userId: held.userId,
        amountKobo: released ? heldKobo : 0,
        ledgerKind: ending.kind,
        description: held.description,
        deliveryId: held.deliveryId,
        // A released hold gives back each kind of money as it was taken.
        sandboxKobo: released ? -held.sandboxKobo : 0,
      },
      lines: released
        ? [{ account: ACCOUNTS.payoutsInTransit, amountKobo: -heldKobo }]
        : [
            { account: ACCOUNTS.payoutsInTransit, amountKobo: -heldKobo },
            { account: ACCOUNTS.clearing(ending.gateway), amountKobo: heldKobo },
          ],
    });
    if (posted.outcome === 'replayed') return 'already_ended' as const;
    return released ? ('released' as const) : ('settled' as const);
  }

  return {
    post,
    chargeOrOwe,
    findBalance: (userId: string) => wallet.findBalance(userId),
    /** What the user owes the platform (a return fee their wallet did not cover). */
    findOwed: (userId: string) => wallet.findOwed(userId),

    /**
     * A receiver's pay-on-delivery payment arrives: the gateway's clearing → cod_escrow:{deliveryId}, keyed
     * `cod:{deliveryId}` so that only one payment ever fills it. Written by the deliveries module's statement that
     * marks the order paid, which composes escrowCreditCtes (wallet-statements.ts): these are its placeholders' values.
     */
    escrowCredit: (payment: { deliveryId: string; paymentId: string; gateway: GatewayName; amountKobo: number }) => ({
      escrowKey: `cod:${payment.deliveryId}`,
      escrowPaymentId: payment.paymentId,
      escrowGateway: payment.gateway,
      escrowDeliveryId: payment.deliveryId,
      escrowKobo: payment.amountKobo,
    }),

    /**
     * A pay-on-delivery order's settlement at its hand-over (decision 053), written by the hand-over's statement, which
     * composes codSettlementCtes (wallet-statements.ts): its placeholders' values, the event to emit with the balance
     * after, and what the shipper owes taken from it (collectOwed) when the statement says they owe.
     */
    codSettlement: (settlement: {
      userId: string;
      deliveryId: string;
      deliveryNumber: number;
      amountKobo: number;
      feeKobo: number;
      reserveKobo: number;
      /** The part of the reserve that is sandbox money (the escrow's is read by the statement). */
      reserveSandboxKobo: number;
      description: string;
      /** For the settlement's receipt, told with the event. */
      trackingId: string | null;
    }) => {
      const idempotencyKey = `cod-settle:${settlement.deliveryId}`;
      const values = {
        settlementKey: idempotencyKey,
        settlementUserId: settlement.userId,
        settlementDeliveryId: settlement.deliveryId,
        settlementAmountKobo: settlement.amountKobo,
        settlementFeeKobo: settlement.feeKobo,
        settlementReserveKobo: settlement.reserveKobo,
        settlementReserveSandboxKobo: settlement.reserveSandboxKobo,
        settlementDescription: settlement.description,
      };
      const credited = (balanceAfterKobo: number): DomainEvent =>
        walletMovementEvent('credited', {
          userId: settlement.userId,
          amountKobo: settlement.amountKobo - settlement.feeKobo + settlement.reserveKobo,
          balanceAfterKobo,
          kind: 'cod_settlement',
          deliveryId: settlement.deliveryId,
          deliveryNumber: settlement.deliveryNumber,
          codSettlement: {
            collectedKobo: settlement.amountKobo,
            feeKobo: settlement.feeKobo,
            reserveKobo: settlement.reserveKobo,
            trackingId: settlement.trackingId,
          },
        });
      /** What the shipper owes, taken from the settlement as `post` takes it from any credit; the balance after. */
      const collectOwed = async (transaction: Transaction, balanceAfterKobo: number) =>
        (await payOwed(transaction, settlement.userId, `owed:${idempotencyKey}`)) ?? balanceAfterKobo;
      return { values, credited, collectOwed };
    },

    /** What a pay-on-delivery order's escrow holds that came in through the sandbox: test money (decision 018). */
    async escrowSandboxKobo(transaction: Transaction, deliveryId: string) {
      const escrow = await wallet.findEscrow(deliveryId, transaction.tx);
      return escrow.gateway === 'sandbox' ? escrow.balanceKobo : 0;
    },

    /** The escrow goes back to the gateway it came from (the receiver's refund); nothing when it is empty. */
    async refundEscrow(transaction: Transaction, deliveryId: string, idempotencyKey: string) {
      const escrow = await wallet.findEscrow(deliveryId, transaction.tx);
      if (escrow.balanceKobo === 0 || escrow.gateway === null) return null;
      await post(transaction, {
        kind: 'cod_refund',
        idempotencyKey,
        lines: [
          { account: ACCOUNTS.codEscrow(deliveryId), amountKobo: -escrow.balanceKobo },
          { account: ACCOUNTS.clearing(escrow.gateway as GatewayName), amountKobo: escrow.balanceKobo },
        ],
      });
      return escrow.balanceKobo;
    },
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
        { kind: 'topup', ledgerKind: 'topup', from: ACCOUNTS.clearing(movement.gateway), paymentId: movement.paymentId },
      ),

    /** Money added by the platform itself (seed data, a correction): adjustments → the wallet. */
    adjust: (transaction: Transaction, movement: Movement) =>
      credit(transaction, movement, { kind: 'adjustment', ledgerKind: 'adjustment', from: ACCOUNTS.adjustments }),

    /** A wallet payment outside the one-statement path: the wallet → revenue. */
    debit: (transaction: Transaction, movement: Movement) =>
      debit(transaction, movement, { kind: 'wallet_payment', ledgerKind: 'payment', to: ACCOUNTS.revenue }, 'balance'),

    /**
     * Money back for a delivery that will not happen: the one refund path (cancellation, a card payment too late).
     * From the refunds account, or from the gateway's clearing when the card money never became revenue.
     */
    refund: (transaction: Transaction, movement: RefundMovement) =>
      credit(transaction, movement, { kind: 'refund', ledgerKind: 'refund', from: movement.from ?? ACCOUNTS.refunds, paymentId: movement.paymentId }),

    driverEarnings,

    /** A card payment for a delivery: the gateway's clearing → revenue (no wallet line). */
    async recordCardPayment(
      transaction: Transaction,
      payment: { paymentId: string; reference: string; gateway: GatewayName; amountKobo: number },
      /** A pay-on-delivery booking's return reserve, part of the amount, held in its own account (decision 053). */
      reserve?: { deliveryId: string; amountKobo: number },
    ) {
      const reserveKobo = reserve?.amountKobo ?? 0;
      await post(transaction, {
        kind: 'card_payment',
        idempotencyKey: `card:${payment.reference}`,
        paymentId: payment.paymentId,
        lines: [
          { account: ACCOUNTS.clearing(payment.gateway), amountKobo: -payment.amountKobo },
          { account: ACCOUNTS.revenue, amountKobo: payment.amountKobo - reserveKobo },
          ...(reserve ? [{ account: ACCOUNTS.codReserve(reserve.deliveryId), amountKobo: reserveKobo }] : []),
        ],
      });
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
        { kind: 'withdrawal_hold', ledgerKind: 'hold', to: ACCOUNTS.payoutsInTransit },
        'payable_out',
      ),
    releaseHold: (transaction: Transaction, key: string) => endHold(transaction, key, { kind: 'hold_release' }),
    settleHold: (transaction: Transaction, key: string, gateway: GatewayName) =>
      endHold(transaction, key, { kind: 'hold_settle', gateway }),
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
