import { fillPlaceholders, is, SQL, type Query } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './db/client.js';
import { createDeliveriesRepository } from './modules/deliveries/deliveries-repository.js';
import { createDeliverySearch, parseSearchTerm, type SearchTerm } from './modules/deliveries/delivery-search.js';
import { prepareClaim } from './modules/messages/outbox-repository.js';
import { createNotificationsRepository, prepareUnreadCounts } from './modules/notifications/notifications-repository.js';
import { createPartnersRepository } from './modules/partners/partners-repository.js';
import { createWalletHistoryRepository } from './modules/wallet/wallet-history-repository.js';
import { createImportsRepository } from './modules/imports/imports-repository.js';
import { createWithdrawalsRepository } from './modules/withdrawals/withdrawals-repository.js';
import { createWebhooksRepository } from './modules/webhooks/webhooks-repository.js';
import { merchantPageQuery } from './modules/deliveries/merchant-deliveries.js';
import { BOARD_EXPORT_PAGE_SIZE } from './modules/deliveries/board-export.js';
import { createApiKeysRepository } from './modules/api-keys/api-keys-repository.js';
import { createReceiptsRepository } from './modules/receipts/receipts-repository.js';
import { WEBHOOK_RETENTION_MS } from '../shared/schemas/webhooks.js';
import { HOME_COUNT_CAP } from '../shared/schemas/dispatch.js';
import { lagosDayOf, lagosDayStart, lagosNextDayStart } from '../shared/schemas/date-range.js';

/**
 * The registry of hot queries (decision 049): every list that grows with data and every lookup on a hot path, built
 * by its owner's own code with sample values. The plan test (hot-queries.test.ts) runs EXPLAIN on each and fails on
 * a sequential scan or an unindexed sort over the big tables, so a query added here is checked from then on.
 * Register a new list or hot lookup here when you write it.
 */

/** The rows a sample query is about: some user with many deliveries, a driver with jobs, and the like. */
export interface HotQuerySample {
  userId: string;
  driverId: string;
  trackingId: string;
  deliveryNumber: number;
  deliveryIds: readonly string[];
  /** A cursor key in the middle of the user's history: a deep page. */
  midAt: string;
  midNumber: number;
  midId: string;
}

/** Something Drizzle can render: a query builder, a prepared query, or SQL. */
type Renderable = { toSQL(): Query } | { getQuery(): Query } | SQL;

export interface HotQuery {
  name: string;
  /** The query and, for a prepared statement, its placeholders' values. */
  build(db: Executor, sample: HotQuerySample): { query: Renderable; values?: Record<string, unknown> };
}

const dialect = new PgDialect();

/** The SQL text and parameters a registered query sends. */
export function renderHotQuery(db: Executor, sample: HotQuerySample, hot: HotQuery): { sql: string; params: unknown[] } {
  const { query, values = {} } = hot.build(db, sample);
  const rendered = is(query, SQL) ? dialect.sqlToQuery(query) : 'toSQL' in query ? query.toSQL() : query.getQuery();
  return { sql: rendered.sql, params: fillPlaceholders(rendered.params, values) };
}

const after = (sample: HotQuerySample) => ({ at: sample.midAt, number: sample.midNumber });
const afterId = (sample: HotQuerySample) => ({ at: sample.midAt, id: sample.midId });
/** A week of dates ending at the sample's middle: a date range (dateRangeInstants' shape). */
const sampleRange = (sample: HotQuerySample) => {
  // PostgreSQL's text of a timestamptz ("2026-11-26 08:12:34.5+00") as an instant.
  const mid = new Date(sample.midAt.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')).getTime();
  return { fromAt: new Date(mid - 7 * 24 * 60 * 60 * 1000).toISOString(), toAt: new Date(mid + 60 * 60 * 1000).toISOString() };
};

const deliveries = (db: Executor) => createDeliveriesRepository(db);

export const HOT_QUERIES: readonly HotQuery[] = [
  // My Deliveries, in each mode (decision 079): first and deep pages, all and each status group.
  ...([true, false] as const).flatMap((livemode) => {
    const mode = livemode ? 'live' : 'test';
    return [
      { name: `my deliveries, ${mode}, first page`, build: (db: Executor, s: HotQuerySample) => ({ query: deliveries(db).pageQuery({ userId: s.userId, livemode, display: null, after: null, limit: 21 }) }) },
      { name: `my deliveries, ${mode}, deep page`, build: (db: Executor, s: HotQuerySample) => ({ query: deliveries(db).pageQuery({ userId: s.userId, livemode, display: null, after: after(s), limit: 21 }) }) },
      ...(['pending', 'in_transit', 'delivered', 'cancelled'] as const).flatMap((display) => [
        {
          name: `my deliveries, ${mode}, ${display}`,
          build: (db: Executor, s: HotQuerySample) => ({ query: deliveries(db).pageQuery({ userId: s.userId, livemode, display, after: null, limit: 21 }) }),
        },
        {
          name: `my deliveries, ${mode}, ${display}, deep page`,
          build: (db: Executor, s: HotQuerySample) => ({ query: deliveries(db).pageQuery({ userId: s.userId, livemode, display, after: after(s), limit: 21 }) }),
        },
      ]),
    ];
  }),
  // Whether My Deliveries offers test mode (decision 079): one probe each.
  { name: 'my deliveries, has test deliveries', build: (db, s) => ({ query: deliveries(db).hasTestDeliveriesQuery(s.userId) }) },
  { name: 'my deliveries, has api keys', build: (db, s) => ({ query: createApiKeysRepository(db).hasLiveQuery(s.userId) }) },
  // My Deliveries within a date range (decision 057): the same indexes, a range on created_at.
  { name: 'my deliveries, date range', build: (db, s) => ({ query: deliveries(db).pageQuery({ userId: s.userId, livemode: true, display: null, after: null, limit: 21, range: sampleRange(s) }) }) },
  { name: 'my deliveries, date range, deep page', build: (db, s) => ({ query: deliveries(db).pageQuery({ userId: s.userId, livemode: true, display: null, after: after(s), limit: 21, range: sampleRange(s) }) }) },
  { name: 'my deliveries, date from only', build: (db, s) => ({ query: deliveries(db).pageQuery({ userId: s.userId, livemode: true, display: null, after: null, limit: 21, range: { fromAt: s.midAt, toAt: 'infinity' } }) }) },
  { name: 'my deliveries, delivered, date range', build: (db, s) => ({ query: deliveries(db).pageQuery({ userId: s.userId, livemode: true, display: 'delivered', after: null, limit: 21, range: sampleRange(s) }) }) },
  { name: 'my deliveries, test, date range', build: (db, s) => ({ query: deliveries(db).pageQuery({ userId: s.userId, livemode: false, display: null, after: null, limit: 21, range: sampleRange(s) }) }) },
  // The dispatch board's tabs, first and later pages.
  ...(['unassigned', 'active', 'needs_decision', 'delivered', 'cancelled', 'all'] as const).flatMap((tab) => [
    { name: `board, ${tab}`, build: (db: Executor) => ({ query: deliveries(db).findBoardPage(tab, null, 21) }) },
    { name: `board, ${tab}, next page`, build: (db: Executor, s: HotQuerySample) => ({ query: deliveries(db).findBoardPage(tab, after(s), 21) }) },
  ]),
  // Each tab within a date range on its own sort date (decision 057), and its name search over the ranged window.
  ...(['unassigned', 'active', 'needs_decision', 'delivered', 'cancelled', 'all'] as const).flatMap((tab) => [
    { name: `board, ${tab}, date range`, build: (db: Executor, s: HotQuerySample) => ({ query: deliveries(db).findBoardPage(tab, null, 21, sampleRange(s)) }) },
    {
      name: `board, ${tab}, receiver search in a date range`,
      build: (db: Executor, s: HotQuerySample) => ({
        query: createDeliverySearch(db).searchBoardQuery(tab, parseSearchTerm('Chinedu') as Extract<SearchTerm, { kind: 'text' }>, sampleRange(s)),
      }),
    },
  ]),
  // The Active tab's driver filter (decision 088): one driver's jobs, pages, a range and the name search.
  { name: 'board, active, one driver', build: (db, s) => ({ query: deliveries(db).findBoardPage('active', null, 21, null, s.driverId) }) },
  { name: 'board, active, one driver, next page', build: (db, s) => ({ query: deliveries(db).findBoardPage('active', after(s), 21, null, s.driverId) }) },
  {
    name: 'board, active, one driver, an export page',
    build: (db, s) => ({ query: deliveries(db).findBoardPage('active', after(s), BOARD_EXPORT_PAGE_SIZE, null, s.driverId) }),
  },
  { name: 'board, active, one driver, date range', build: (db, s) => ({ query: deliveries(db).findBoardPage('active', null, 21, sampleRange(s), s.driverId) }) },
  {
    name: 'board, active, one driver, receiver search',
    build: (db, s) => ({ query: createDeliverySearch(db).searchBoardQuery('active', parseSearchTerm('Chinedu') as Extract<SearchTerm, { kind: 'text' }>, null, s.driverId) }),
  },
  { name: 'board, all, receiver search', build: (db) => ({ query: createDeliverySearch(db).searchBoardQuery('all', parseSearchTerm('0803 123 4567') as Extract<SearchTerm, { kind: 'text' }>, null) }) },
  // The merchant API's list (issue 23): a key's mode, first and deep pages, by status, by the merchant's reference.
  ...([true, false] as const).flatMap((livemode) => [
    {
      name: `merchant API deliveries, livemode ${livemode}`,
      build: (db: Executor, s: HotQuerySample) => ({ query: merchantPageQuery(db, { userId: s.userId, livemode }, {}, null, 21) }),
    },
    {
      name: `merchant API deliveries, livemode ${livemode}, deep page`,
      build: (db: Executor, s: HotQuerySample) => ({ query: merchantPageQuery(db, { userId: s.userId, livemode }, {}, after(s), 21) }),
    },
  ]),
  {
    name: 'merchant API deliveries, by status, deep page',
    build: (db, s) => ({ query: merchantPageQuery(db, { userId: s.userId, livemode: true }, { status: 'delivered' }, after(s), 21) }),
  },
  {
    name: 'merchant API deliveries, by reference',
    build: (db, s) => ({ query: merchantPageQuery(db, { userId: s.userId, livemode: true }, { externalReference: 'order-10293' }, null, 21) }),
  },
  { name: 'api keys of an account', build: (db, s) => ({ query: createApiKeysRepository(db).listLiveQuery(s.userId) }) },
  // Pay on delivery (decision 053): My Deliveries' filter, and the receiver's pay link.
  { name: 'my deliveries, pay on delivery', build: (db, s) => ({ query: deliveries(db).findCodPage({ userId: s.userId, livemode: true, display: null, after: null, limit: 21 }) }) },
  { name: 'my deliveries, pay on delivery, deep page', build: (db, s) => ({ query: deliveries(db).findCodPage({ userId: s.userId, livemode: true, display: null, after: after(s), limit: 21 }) }) },
  { name: 'my deliveries, pay on delivery, date range', build: (db, s) => ({ query: deliveries(db).findCodPage({ userId: s.userId, livemode: true, display: null, after: null, limit: 21, range: sampleRange(s) }) }) },
  { name: 'my deliveries, test, pay on delivery', build: (db, s) => ({ query: deliveries(db).findCodPage({ userId: s.userId, livemode: false, display: null, after: null, limit: 21 }) }) },
  // The wallet page: whether its pay-on-delivery block shows (decision 086).
  { name: 'has pay-on-delivery orders', build: (db, s) => ({ query: deliveries(db).hasCodOrdersQuery(s.userId) }) },
  { name: 'pay link lookup', build: (db) => ({ query: deliveries(db).payTokenQuery('0'.repeat(64)) }) },
  // Failed attempts past their decision time (the periodic return).
  { name: 'undecided failed attempts', build: (db) => ({ query: deliveries(db).findUndecidedSince(new Date(), 50) }) },
  // A driver's jobs.
  ...(['active', 'completed'] as const).map((scope) => ({
    name: `driver jobs, ${scope}`,
    build: (db: Executor, s: HotQuerySample) => ({ query: deliveries(db).findDriverJobs(s.driverId, scope, null, 21) }),
  })),
  { name: 'driver jobs, completed, next page', build: (db, s) => ({ query: deliveries(db).findDriverJobs(s.driverId, 'completed', after(s), 21) }) },
  // The histories shown with a page of the board or a driver's jobs.
  { name: 'delivery histories of a page', build: (db, s) => ({ query: deliveries(db).eventsQuery(s.deliveryIds) }) },
  // The dashboard summary: the customer's kept totals, one row at any history (decision 051).
  { name: 'dashboard summary', build: (db, s) => ({ query: deliveries(db).summaryQuery(s.userId) }) },
  { name: 'wallet, spent these two months', build: (db, s) => ({ query: deliveries(db).spentSinceQuery(s.userId, new Date(s.midAt), new Date(Date.parse(s.midAt) + 30 * 86_400_000)) }) },
  { name: 'wallet, first spending', build: (db, s) => ({ query: deliveries(db).firstSpentQuery(s.userId) }) },
  // The role homes (decision 060): counts capped at HOME_COUNT_CAP, each through its list's index.
  { name: 'operator home, board counts', build: (db) => ({ query: deliveries(db).boardCountsQuery(HOME_COUNT_CAP) }) },
  { name: 'operator home, pending withdrawals', build: (db) => ({ query: createWithdrawalsRepository(db).pendingCountQuery(HOME_COUNT_CAP) }) },
  { name: 'operator home, open applications', build: (db) => ({ query: createPartnersRepository(db).openCountQuery(HOME_COUNT_CAP) }) },
  { name: 'driver home, active jobs', build: (db, s) => ({ query: deliveries(db).driverActiveCountQuery(s.driverId, HOME_COUNT_CAP) }) },
  {
    name: "driver home, today's earnings",
    build: (db, s) => ({ query: createWalletHistoryRepository(db).earnedQuery(s.userId, lagosDayStart(lagosDayOf(new Date())), lagosNextDayStart(lagosDayOf(new Date()))) }),
  },
  // Tracking (the owner's and the public page).
  { name: 'tracking, owner', build: (db, s) => ({ query: deliveries(db).trackingQuery(true), values: { trackingId: s.trackingId, userId: s.userId } }) },
  { name: 'tracking, public', build: (db, s) => ({ query: deliveries(db).trackingQuery(false), values: { trackingId: s.trackingId } }) },
  // My Deliveries' search (decision 052): exact lookups, and a name over the owner's newest rows.
  ...(['number', 'tracking id', 'receiver name', 'receiver phone'] as const).map((kind) => ({
    name: `my deliveries search, ${kind}`,
    build: (db: Executor, s: HotQuerySample) => {
      const text = { number: `LF${String(s.midNumber).padStart(3, '0')}`, 'tracking id': s.trackingId, 'receiver name': 'Chinedu', 'receiver phone': '0803 123 4567' }[kind];
      return { query: createDeliverySearch(db).searchOwnQuery(s.userId, true, parseSearchTerm(text)!) };
    },
  })),
  { name: 'my deliveries search, test, receiver name', build: (db, s) => ({ query: createDeliverySearch(db).searchOwnQuery(s.userId, false, parseSearchTerm('Chinedu')!) }) },
  {
    name: 'my deliveries search, receiver name, date range',
    build: (db, s) => ({ query: createDeliverySearch(db).searchOwnQuery(s.userId, true, parseSearchTerm('Chinedu')!, sampleRange(s)) }),
  },
  // An account's receipts (decision 057), first and later pages.
  { name: 'receipts, first page', build: (db, s) => ({ query: createReceiptsRepository(db).pageQuery(s.userId, null, 21) }) },
  { name: 'receipts, next page', build: (db, s) => ({ query: createReceiptsRepository(db).pageQuery(s.userId, 1000, 21) }) },
  // Notifications.
  { name: 'notifications, first page', build: (db, s) => ({ query: createNotificationsRepository(db).findPage(s.userId, false, null, 21) }) },
  { name: 'notifications, deep page', build: (db, s) => ({ query: createNotificationsRepository(db).findPage(s.userId, false, afterId(s), 21) }) },
  { name: 'notifications, unread', build: (db, s) => ({ query: createNotificationsRepository(db).findPage(s.userId, true, null, 21) }) },
  { name: 'notifications, unread counts', build: (db, s) => ({ query: prepareUnreadCounts(db), values: { userIds: JSON.stringify([s.userId]) } }) },
  // The outbox worker's claim of due messages.
  {
    name: 'outbox, claim due messages',
    build: (db) => ({ query: prepareClaim(db), values: { now: new Date().toISOString(), leaseUntil: new Date().toISOString(), limit: 50 } }),
  },
  // Webhooks (decision 054): an endpoint's attempt log, and the worker's claim of due sends.
  { name: 'webhook attempts, first page', build: (db, s) => ({ query: createWebhooksRepository(db).attemptsPageQuery(s.midId, null, 21) }) },
  {
    name: 'webhook attempts, deep page',
    build: (db, s) => ({ query: createWebhooksRepository(db).attemptsPageQuery(s.midId, { at: s.midAt, id: s.midId }, 21) }),
  },
  { name: 'webhooks, claim due sends', build: (db) => ({ query: createWebhooksRepository(db).claimQuery(new Date(), new Date(), 50) }) },
  {
    name: 'webhooks, retention sweep batch',
    build: (db) => ({ query: createWebhooksRepository(db).settledBeforeQuery(new Date(Date.now() - WEBHOOK_RETENTION_MS), 500) }),
  },
  // Bulk imports (decision 055): a customer's imports, and the validations to take up after a restart.
  { name: 'imports, first page', build: (db, s) => ({ query: createImportsRepository(db).pageQuery(s.userId, null, 11) }) },
  { name: 'imports, deep page', build: (db, s) => ({ query: createImportsRepository(db).pageQuery(s.userId, { at: s.midAt, id: s.midId }, 11) }) },
  { name: 'imports, validations to take up', build: (db) => ({ query: createImportsRepository(db).unclaimedQuery(new Date(), 20) }) },
  // The wallet's history.
  { name: 'wallet transactions, first page', build: (db, s) => ({ query: createWalletHistoryRepository(db).pageQuery(s.userId, null, 21) }) },
  { name: 'wallet transactions, deep page', build: (db, s) => ({ query: createWalletHistoryRepository(db).pageQuery(s.userId, afterId(s), 21) }) },
  // The operator's lists.
  ...([undefined, 'pending', 'paid', 'failed'] as const).map((status) => ({
    name: `withdrawals, ${status ?? 'all'}`,
    build: (db: Executor, s: HotQuerySample) => ({ query: createWithdrawalsRepository(db).list(status, afterId(s), 21) }),
  })),
  ...([undefined, 'submitted', 'open'] as const).map((status) => ({
    name: `partner applications, ${status ?? 'all'}`,
    build: (db: Executor, s: HotQuerySample) => ({ query: createPartnersRepository(db).listQuery({ status }, afterId(s), 21) }),
  })),
];
