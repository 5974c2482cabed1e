import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import { ACCOUNTS } from './accounts.js';
import { codSettlementCtes, postingCtes, walletDebitCtes, type ComposedAccount, type Terms } from './wallet-statements.js';

/** A database that only builds statements: composing one needs no connection. */
const qb = drizzle.mock({ schema }) as unknown as Db;
const p = sql.placeholder;
const after = qb.$with('after').as(qb.select({ id: sql<string>`gen_random_uuid()`.as('id') }).from(schema.deliveries));

describe('a composed posting (postingCtes)', () => {
  it('refuses, when the statement is built, lines that are not balanced by the wallet line', () => {
    const debit = walletDebitCtes(qb, { userId: p('userId'), amountKobo: p('amount'), at: p('at'), onlyIf: sql`true` });
    const wallet = { userId: p('userId'), kind: 'payment' as const, description: p('description'), deliveryId: null, at: p('at'), debited: debit };
    const compose = (lines: { account: ComposedAccount; sign: 1 | -1 }[]) =>
      postingCtes(qb, 'probe', { after, kind: 'wallet_payment', idempotencyKey: p('key'), amountKobo: p('amount'), lines, wallet });
    expect(() => compose([])).toThrow(/-1 times the amount, not zero/);
    expect(() => compose([{ account: ACCOUNTS.revenue, sign: 1 }, { account: ACCOUNTS.refunds, sign: 1 }])).toThrow(/1 times the amount/);
    expect(() => compose([{ account: ACCOUNTS.revenue, sign: 1 }])).not.toThrow();
  });

  it('writes its lines and the wallet entry only after the posting, which follows the given CTE', () => {
    const credit = { userId: p('userId'), kind: 'earning' as const, description: p('description'), deliveryId: null, at: p('at'), credit: { sandboxKobo: 0 } };
    const composed = postingCtes(qb, 'probe', { after, kind: 'driver_earning_paid', idempotencyKey: p('key'), amountKobo: p('amount'), lines: [{ account: ACCOUNTS.revenue, sign: -1 }], wallet: credit });
    const statement = qb.with(after, ...composed.ctes).select({ balance: composed.balanceAfter! }).from(after);
    const text = new PgDialect().sqlToQuery(statement.getSQL()).sql;
    expect(text).toMatch(/"probe_posting" as \(insert into "postings" .* from "after"/);
    expect(text).toMatch(/"probe_lines" as \(insert into "posting_lines" .* from "probe_posting"/);
    expect(text).toMatch(/"probe_credited" as \(insert into "wallets" .* from "probe_posting" on conflict/);
    expect(text).toMatch(/"probe_entry" as \(insert into "ledger_entries" .* from "probe_posting" cross join "probe_credited"/);
  });

  it('balances each amount of a movement of several on its own (a settlement: amount, fee, reserve)', () => {
    const amounts = { amount: p('amount'), fee: p('fee'), reserve: p('reserve') };
    const compose = (walletTerms: Terms) =>
      postingCtes(qb, 'probe', {
        after,
        kind: 'cod_settlement',
        idempotencyKey: p('key'),
        amounts,
        lines: [
          { account: ACCOUNTS.codEscrow('d'), terms: { amount: -1 } },
          { account: ACCOUNTS.revenue, terms: { fee: 1 } },
          { account: ACCOUNTS.codReserve('d'), terms: { reserve: -1 } },
        ],
        wallet: { userId: p('userId'), kind: 'cod_settlement', description: p('description'), deliveryId: null, at: p('at'), credit: { terms: walletTerms, sandboxKobo: 0 } },
      });
    // The same total, but the fee counted on the wallet's side instead of taken from it: fee +2, reserve 0.
    expect(() => compose({ amount: 1, fee: 1 })).toThrow(/2 times the amount fee, not zero/);
    expect(() => compose({ amount: 1, fee: -1 })).toThrow(/-1 times the amount reserve, not zero/);
    const composed = compose({ amount: 1, fee: -1, reserve: 1 });
    const text = new PgDialect().sqlToQuery(qb.with(after, ...composed.ctes).select({ balance: composed.balanceAfter! }).from(after).getSQL()).sql;
    // The wallet's line is the sum of its terms, in one expression.
    expect(text).toMatch(/\(\$\d+::bigint - \$\d+::bigint \+ \$\d+::bigint\)/);
  });

  it('builds the hand-over\'s settlement, with the sandbox part of the escrow read in the same statement', () => {
    const settled = codSettlementCtes(qb, after);
    const text = new PgDialect().sqlToQuery(qb.with(after, ...settled.ctes).select({ balance: settled.balanceAfter, owed: settled.owedAfter }).from(after).getSQL()).sql;
    expect(text).toMatch(/"settlement_posting" as \(insert into "postings" .* from "after"/);
    expect(text).toMatch(/"settlement_credited" as \(insert into "wallets" .*least\(.*"escrow_clearing"/);
  });
});
