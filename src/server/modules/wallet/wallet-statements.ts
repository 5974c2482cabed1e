import { and, eq, exists, gte, sql, type SQL, type WithSubquery } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { insertRow, type RowValue } from '../../db/insert-row.js';
import { ledgerEntries, postingLines, postings, wallets, type PlatformAccountType } from '../../db/schema/index.js';
import { ACCOUNTS, type Account } from './accounts.js';

/**
 * The wallet's writes as typed parts of one statement (common table expressions), for the hot paths that must stay
 * one round trip and that another module composes: a wallet payment (the deliveries module) and the hand-over's
 * earnings. Only this module says how a wallet, a posting, its lines and a ledger entry are written, and WalletService's
 * `post` writes the same rows (postingRow, lineRow, entryRow) outside such a statement. Every value may be a
 * statement's placeholder, so a composed statement is built and prepared once.
 */

export type PostingKind = (typeof postings.$inferInsert)['kind'];
export type LedgerKind = (typeof ledgerEntries.$inferInsert)['kind'];

/** A value of a composing statement: a plain value, a placeholder, an expression or a column of a CTE before. */
export type Value<V> = RowValue<V>;

/** A common table expression of the composing statement: a write follows each of its rows. */
type Cte = WithSubquery;

/** The rows a movement writes, the same in a composed statement (values may be placeholders) and in `post`. */
export const postingRow = <K extends Value<string>, P extends Value<string | null> = string | null>(posting: {
  kind: PostingKind;
  idempotencyKey: K;
  paymentId?: P;
}) => ({
  kind: posting.kind,
  idempotencyKey: posting.idempotencyKey,
  paymentId: (posting.paymentId ?? null) as P | null,
});

export const lineRow = <I extends Value<string>, K extends Value<string>, A extends Value<number>>(
  postingId: I,
  account: { type: PlatformAccountType; key?: K },
  amountKobo: A,
) => ({ postingId, accountType: account.type, accountKey: account.key ?? ('' as K), amountKobo });

export interface EntryFields {
  userId: Value<string>;
  amountKobo: Value<number>;
  /** The part of amountKobo that is sandbox money (same sign). */
  sandboxKobo: Value<number>;
  balanceAfterKobo: Value<number>;
  kind: LedgerKind;
  description: Value<string>;
  deliveryId: Value<string | null>;
  idempotencyKey: Value<string>;
}

export const entryRow = <I extends Value<string>, E extends EntryFields>(postingId: I, entry: E) => ({
  postingId,
  userId: entry.userId as E['userId'],
  amountKobo: entry.amountKobo as E['amountKobo'],
  sandboxKobo: entry.sandboxKobo as E['sandboxKobo'],
  balanceAfterKobo: entry.balanceAfterKobo as E['balanceAfterKobo'],
  kind: entry.kind,
  description: entry.description as E['description'],
  deliveryId: entry.deliveryId as E['deliveryId'],
  idempotencyKey: entry.idempotencyKey as E['idempotencyKey'],
});

/** A credit to a wallet that exists adds to it (the insert creates it on first use). */
export const creditOnConflict = {
  target: wallets.userId,
  set: {
    balanceKobo: sql`${wallets.balanceKobo} + excluded.balance_kobo`,
    sandboxKobo: sql`${wallets.sandboxKobo} + excluded.sandbox_kobo`,
    updatedAt: sql`excluded.updated_at`,
  },
};

/** An account whose key may be a placeholder (a driver's earnings account, keyed by the driver). */
export interface ComposedAccount {
  type: PlatformAccountType;
  key?: Value<string>;
}

const bigint = (value: Value<number>) => sql<number>`${value}::bigint`;
const negated = (value: Value<number>) => sql<number>`-(${value}::bigint)`;

/**
 * `funds` (the wallet's sandbox part before, locked) and `debit`, when `onlyIf` holds: takes the amount only when the
 * balance covers it, real money first (decision 018): sandbox money is spent only where the real money does not
 * cover the amount (wallet-funds.ts, sandboxPartOfDebit: sandbox after = least(sandbox, balance - amount)).
 * When `sandboxOnly` holds (a test-mode delivery's payment), only sandbox money is taken: the sandbox part must cover it.
 */
export function walletDebitCtes(
  qb: Executor,
  input: { userId: Value<string>; amountKobo: Value<number>; at: Value<Date>; onlyIf: SQL; sandboxOnly?: SQL },
) {
  const amount = bigint(input.amountKobo);
  const sandboxOnly = input.sandboxOnly ?? sql`false`;
  const funds = qb.$with('funds').as(
    qb.select({ sandboxKobo: wallets.sandboxKobo }).from(wallets).where(and(eq(wallets.userId, sql`${input.userId}::uuid`), input.onlyIf)).for('update'),
  );
  const debit = qb.$with('debit').as(
    qb
      .update(wallets)
      .set({
        balanceKobo: sql`${wallets.balanceKobo} - ${amount}`,
        sandboxKobo: sql`case when ${sandboxOnly} then ${wallets.sandboxKobo} - ${amount} else least(${wallets.sandboxKobo}, ${wallets.balanceKobo} - ${amount}) end`,
        updatedAt: sql`${input.at}::timestamptz`,
      })
      .where(
        and(
          eq(wallets.userId, sql`${input.userId}::uuid`),
          gte(wallets.balanceKobo, amount),
          sql`(not ${sandboxOnly} or ${wallets.sandboxKobo} >= ${amount})`,
          exists(qb.select({ one: sql`1` }).from(funds)),
        ),
      )
      .returning({ balanceKobo: wallets.balanceKobo, sandboxKobo: wallets.sandboxKobo }),
  );
  return {
    funds,
    debit,
    ctes: [funds, debit] as const,
    /** Has a row when the wallet was debited. */
    debited: exists(qb.select({ one: sql`1` }).from(debit)),
    /** The balance after, as a scalar subquery (null when not debited). */
    balanceAfter: sql<number | null>`(select ${debit.balanceKobo} from ${debit})`,
    /** The sandbox money taken, negative like the amount, as a scalar subquery (0 when only real money was taken). */
    sandboxTaken: sql<number>`(select ${debit.sandboxKobo} - ${funds.sandboxKobo} from ${debit}, ${funds})`,
  };
}
export type WalletDebit = ReturnType<typeof walletDebitCtes>;

/** Signed named amounts: a line of a movement with several amounts is their sum (`{ amount: 1, fee: -1 }`). */
export type Terms = Readonly<Record<string, 1 | -1>>;

type WalletSide = {
  userId: Value<string>;
  kind: LedgerKind;
  description: Value<string>;
  deliveryId: Value<string | null>;
  at: Value<Date>;
};

interface PostingBase {
  after: Cte;
  /** Only for the rows of `after` where this holds. */
  onlyIf?: SQL;
  kind: PostingKind;
  idempotencyKey: Value<string>;
  paymentId?: Value<string | null>;
}

/** A movement of one amount: each line is +1 or −1 times it. */
interface OneAmount extends PostingBase {
  amountKobo: Value<number>;
  lines: { account: ComposedAccount; sign: 1 | -1 }[];
  wallet?: WalletSide & ({ credit: { sandboxKobo: Value<number> } } | { debited: WalletDebit });
}

/** A movement of several named amounts (a settlement: what was collected, the fee, the reserve): each line a sum of them. */
interface SeveralAmounts extends PostingBase {
  amounts: Readonly<Record<string, Value<number>>>;
  lines: { account: ComposedAccount; terms: Terms }[];
  wallet?: WalletSide & { credit: { terms: Terms; sandboxKobo: Value<number> } };
}

/** The amount of a line: its terms' amounts, signed (one term alone is written as before: `x::bigint` or `-(x::bigint)`). */
function amountOf(terms: Terms, amounts: Readonly<Record<string, Value<number>>>): SQL<number> {
  const parts = Object.entries(terms).map(([name, sign], index) => {
    const amount = amounts[name];
    if (amount === undefined) throw new Error(`a posting line names the amount ${name}, which the movement does not have`);
    if (index === 0) return sign > 0 ? bigint(amount) : negated(amount);
    return sign > 0 ? sql` + ${bigint(amount)}` : sql` - ${bigint(amount)}`;
  });
  if (parts.length === 0) throw new Error('a posting line needs at least one amount');
  return parts.length === 1 ? (parts[0] as SQL<number>) : sql<number>`(${sql.join(parts)})`;
}

/**
 * One posting written inside a composed statement, once per row of `after` (a CTE before it with at most one row),
 * under `name` (unique in the statement). Its values are placeholders or expressions over no other CTE. Its lines are
 * signed sums of the movement's amounts (one amount: +1 or −1 times it) and, with the wallet's line, every amount's
 * signs sum to zero: that is checked when the statement is built, so an unbalanced composition never runs. The
 * wallet's line is a `credit` (written here: the wallet, created on first use, and its entry) or a `debit` that
 * walletDebitCtes made before (only its entry is written here; one amount only).
 */
export function postingCtes(qb: Executor, name: string, movement: OneAmount | SeveralAmounts) {
  const { after, wallet } = movement;
  const several = 'amounts' in movement;
  const amounts = several ? movement.amounts : { amount: movement.amountKobo };
  const lines = several
    ? movement.lines
    : movement.lines.map((line) => ({ account: line.account, terms: { amount: line.sign } as Terms }));
  const walletTerms: Terms = !wallet ? {} : 'debited' in wallet ? { amount: -1 } : several ? (wallet as SeveralAmounts['wallet'])!.credit.terms : { amount: 1 };
  for (const amountName of Object.keys(amounts)) {
    const sum = [...lines.map((line) => line.terms), walletTerms].reduce((total, terms) => total + (terms[amountName] ?? 0), 0);
    if (sum !== 0) throw new Error(`posting ${name}: its lines are ${sum} times the amount${several ? ` ${amountName}` : ''}, not zero`);
  }

  const posting = qb.$with(`${name}_posting`).as(
    qb.insert(postings).select(qb.select(insertRow(postings, postingRow(movement))).from(after).where(movement.onlyIf)).returning({ id: postings.id }),
  );
  const [first, ...others] = lines.map(({ account, terms }) =>
    qb.select(insertRow(postingLines, lineRow(posting.id, account, amountOf(terms, amounts)))).from(posting),
  );
  const lineWrites = first
    ? [qb.$with(`${name}_lines`).as(qb.insert(postingLines).select(others.reduce((all, line) => all.unionAll(line) as typeof first, first)))]
    : [];
  if (!wallet) return { posting, ctes: [posting, ...lineWrites] as const, balanceAfter: null, owedAfter: null };

  const entry = {
    userId: wallet.userId,
    kind: wallet.kind,
    description: wallet.description,
    deliveryId: wallet.deliveryId,
    idempotencyKey: movement.idempotencyKey,
  };
  const walletAmount = amountOf(walletTerms, amounts);
  if ('debited' in wallet) {
    const written = qb.$with(`${name}_entry`).as(
      qb
        .insert(ledgerEntries)
        .select(
          qb
            .select(insertRow(ledgerEntries, entryRow(posting.id, { ...entry, amountKobo: walletAmount, sandboxKobo: wallet.debited.sandboxTaken, balanceAfterKobo: wallet.debited.balanceAfter })))
            .from(posting),
        ),
    );
    return { posting, ctes: [posting, ...lineWrites, written] as const, balanceAfter: wallet.debited.balanceAfter, owedAfter: null };
  }
  const credited = qb.$with(`${name}_credited`).as(
    qb
      .insert(wallets)
      .select(qb.select(insertRow(wallets, { userId: wallet.userId, balanceKobo: walletAmount, sandboxKobo: wallet.credit.sandboxKobo, updatedAt: wallet.at })).from(posting))
      .onConflictDoUpdate(creditOnConflict)
      .returning({ balanceKobo: wallets.balanceKobo, owedKobo: wallets.owedKobo }),
  );
  const written = qb.$with(`${name}_entry`).as(
    qb
      .insert(ledgerEntries)
      .select(
        qb
          .select(insertRow(ledgerEntries, entryRow(posting.id, { ...entry, amountKobo: walletAmount, sandboxKobo: wallet.credit.sandboxKobo, balanceAfterKobo: credited.balanceKobo })))
          .from(posting)
          .crossJoin(credited),
      ),
  );
  return {
    posting,
    ctes: [posting, ...lineWrites, credited, written] as const,
    /** The wallet's balance after the credit, as a scalar subquery (null when nothing was written). */
    balanceAfter: sql<number | null>`(select ${credited.balanceKobo} from ${credited})`,
    /** What the wallet's user owes after it (owed_kobo), to be taken from this credit by WalletService.collectOwed. */
    owedAfter: sql<number | null>`(select ${credited.owedKobo} from ${credited})`,
  };
}

/** The driver's earnings account in a composed statement (its key a placeholder): ACCOUNTS.driverEarnings. */
const earningsAccount = (driverId: Value<string>): ComposedAccount => ({ ...ACCOUNTS.driverEarnings(''), key: driverId });
const composed = (account: Account): ComposedAccount => account;

/**
 * A driver's share of a delivered fare (decision 034), written by the hand-over's statement after `handedOver` (a
 * CTE with the delivered row) when the share is above zero: revenue → the driver's earnings account (key
 * `earningKey`), then that account → the wallet (key `to-wallet:` + `earningKey`), the wallet's line of kind
 * `earning`. The placeholders are WalletService.driverEarnings' values, and `at`.
 */
export function driverEarningsCtes(qb: Executor, handedOver: Cte) {
  const p = sql.placeholder;
  const amountKobo = p('earningKobo');
  const driver = earningsAccount(p('earningUserId'));
  const earned = postingCtes(qb, 'earning', {
    after: handedOver,
    onlyIf: sql`${amountKobo}::bigint > 0`,
    kind: 'driver_earning',
    idempotencyKey: p('earningKey'),
    amountKobo,
    lines: [
      { account: composed(ACCOUNTS.revenue), sign: -1 },
      { account: driver, sign: 1 },
    ],
  });
  const paidIn = postingCtes(qb, 'earning_paid', {
    after: earned.posting,
    kind: 'driver_earning_paid',
    idempotencyKey: sql`'to-wallet:' || ${p('earningKey')}::text`,
    amountKobo,
    lines: [{ account: driver, sign: -1 }],
    wallet: {
      userId: p('earningUserId'),
      kind: 'earning',
      description: p('earningDescription'),
      deliveryId: p('earningDeliveryId'),
      at: p('at'),
      credit: { sandboxKobo: p('earningSandboxKobo') },
    },
  });
  return { ctes: [...earned.ctes, ...paidIn.ctes], balanceAfter: paidIn.balanceAfter! };
}

/** A pay-on-delivery order's accounts in a composed statement, keyed by a placeholder: ACCOUNTS.codEscrow, codReserve. */
const escrowAccount = (deliveryId: Value<string>): ComposedAccount => ({ ...ACCOUNTS.codEscrow(''), key: deliveryId });
const reserveAccount = (deliveryId: Value<string>): ComposedAccount => ({ ...ACCOUNTS.codReserve(''), key: deliveryId });

/**
 * A receiver's pay-on-delivery payment into its order's escrow (decision 053), written by the statement that marks the
 * order paid, after `codPaid` (a CTE with at most one row): the gateway's clearing → cod_escrow:{deliveryId}, keyed so
 * that only one payment ever fills it. The placeholders are WalletService.escrowCredit's values.
 */
export function escrowCreditCtes(qb: Executor, codPaid: Cte) {
  const p = sql.placeholder;
  const clearing: ComposedAccount = { ...ACCOUNTS.clearing('sandbox'), key: p('escrowGateway') };
  return postingCtes(qb, 'escrow', {
    after: codPaid,
    kind: 'cod_payment',
    idempotencyKey: p('escrowKey'),
    paymentId: p('escrowPaymentId'),
    amountKobo: p('escrowKobo'),
    lines: [
      { account: clearing, sign: -1 },
      { account: escrowAccount(p('escrowDeliveryId')), sign: 1 },
    ],
  }).ctes;
}

/**
 * What an order's escrow holds that came in through the sandbox (test money, decision 018), as a scalar subquery:
 * WalletRepository.findEscrow's sum when its paying posting's clearing line is the sandbox's, else 0. A composed
 * statement's own writes are not in its snapshot, so it reads the escrow as it was before them.
 */
function escrowSandboxKobo(qb: Executor, deliveryId: Value<string>) {
  const clearing = alias(postingLines, 'escrow_clearing');
  return qb
    .select({
      sandboxKobo: sql<number>`case when max(${clearing.accountKey}) = 'sandbox' then coalesce(sum(${postingLines.amountKobo}), 0) else 0 end`,
    })
    .from(postingLines)
    .leftJoin(clearing, and(eq(clearing.postingId, postingLines.postingId), eq(clearing.accountType, 'gateway_clearing')))
    .where(and(eq(postingLines.accountType, 'cod_escrow'), eq(postingLines.accountKey, sql`${deliveryId}::text`)));
}

/**
 * A pay-on-delivery order's settlement at its hand-over (decision 053), one posting written by the hand-over's
 * statement after `handedOver` (a CTE with the delivered row): the escrow −amount, revenue +fee, the reserve −reserve,
 * and the shipper's wallet +(amount − fee + reserve), its line of kind `cod_settlement`. The receiver's sandbox money
 * stays sandbox money in the wallet, as far as the escrow held it (the reserve's part is the caller's). The
 * placeholders are WalletService.codSettlement's values, and `at`.
 */
export function codSettlementCtes(qb: Executor, handedOver: Cte) {
  const p = sql.placeholder;
  const amount = p('settlementAmountKobo');
  const fee = p('settlementFeeKobo');
  const settled = postingCtes(qb, 'settlement', {
    after: handedOver,
    kind: 'cod_settlement',
    idempotencyKey: p('settlementKey'),
    amounts: { amount, fee, reserve: p('settlementReserveKobo') },
    lines: [
      { account: escrowAccount(p('settlementDeliveryId')), terms: { amount: -1 } },
      { account: composed(ACCOUNTS.revenue), terms: { fee: 1 } },
      { account: reserveAccount(p('settlementDeliveryId')), terms: { reserve: -1 } },
    ],
    wallet: {
      userId: p('settlementUserId'),
      kind: 'cod_settlement',
      description: p('settlementDescription'),
      deliveryId: p('settlementDeliveryId'),
      at: p('at'),
      credit: {
        terms: { amount: 1, fee: -1, reserve: 1 },
        sandboxKobo: sql<number>`least(${bigint(amount)} - ${bigint(fee)}, (${escrowSandboxKobo(qb, p('settlementDeliveryId'))})) + ${bigint(p('settlementReserveSandboxKobo'))}`,
      },
    },
  });
  return { ctes: settled.ctes, balanceAfter: settled.balanceAfter!, owedAfter: settled.owedAfter! };
}
