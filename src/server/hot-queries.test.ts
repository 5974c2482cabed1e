import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from './db/client.js';
import { ACTIVE_JOB_STATUS_SQL, DISPLAY_STATUS_SQL } from './db/schema/deliveries.js';
import { HOT_QUERIES, renderHotQuery, type HotQuerySample } from './hot-queries.js';
import { ACTIVE_JOB_STATUSES } from './modules/deliveries/delivery-lifecycle.js';
import { DELIVERY_STATUSES, DISPLAY_STATUS_OF } from '../shared/schemas/deliveries.js';
import { openTestDatabase } from './test/test-app.js';

/**
 * The plan test (decision 049): a database with enough rows that the planner's choices are the ones it makes at
 * scale, then EXPLAIN on every query of the registry. None may read a big table sequentially or sort its rows
 * without an index: such a plan grows with the table, and at a million deliveries it is seconds per request.
 */
const WATCHED = new Set([
  'deliveries',
  'delivery_events',
  'notifications',
  'ledger_entries',
  'posting_lines',
  'outbox_messages',
  'withdrawals',
  'partner_applications',
  'imports',
  'webhook_events',
  'webhook_sends',
]);

/**
 * A sort the planner expects to see at most this many rows is of one small, bounded set (one delivery's handful of
 * events, for its tracking history), cheaper than an index walk. A list's sort is of a whole history, which the
 * seeded merchant's 2,000 deliveries put far above this.
 */
const BOUNDED_SORT_ROWS = 20;

interface PlanNode {
  'Node Type': string;
  'Plan Rows'?: number;
  'Relation Name'?: string;
  'Parent Relationship'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The watched tables this node reads, itself or below it, outside subplans (which run per row, not into it). */
function relationsFeeding(node: PlanNode): string[] {
  const own = node['Relation Name'] && WATCHED.has(node['Relation Name']) ? [node['Relation Name']] : [];
  const below = (node.Plans ?? [])
    .filter((child) => child['Parent Relationship'] !== 'SubPlan' && child['Parent Relationship'] !== 'InitPlan')
    .flatMap(relationsFeeding);
  return [...own, ...below];
}

/** The indexes a plan reads, anywhere in it. */
function indexesOf(node: PlanNode): string[] {
  return [...(node['Index Name'] ? [node['Index Name']] : []), ...(node.Plans ?? []).flatMap(indexesOf)];
}

/** What is wrong with a plan: sequential scans of a watched table, sorts of its rows. */
export function planProblems(node: PlanNode): string[] {
  const problems: string[] = [];
  const relation = node['Relation Name'];
  if (node['Node Type'] === 'Seq Scan' && relation && WATCHED.has(relation)) problems.push(`Seq Scan on ${relation}`);
  if ((node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort') && (node['Plan Rows'] ?? 0) > BOUNDED_SORT_ROWS) {
    const fed = relationsFeeding(node);
    if (fed.length > 0) problems.push(`${node['Node Type']} over ${[...new Set(fed)].join(', ')}`);
  }
  for (const child of node.Plans ?? []) problems.push(...planProblems(child));
  return problems;
}

/** A parameter as an SQL literal: EXPLAIN then plans with the values, as PostgreSQL does for a statement's first runs. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}

async function explain(db: Executor, text: string, params: unknown[]): Promise<PlanNode> {
  const inlined = text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
  const result = (await db.execute(sql.raw(`explain (format json) ${inlined}`))) as unknown as { rows: Record<string, unknown>[] };
  const cell = Object.values(result.rows[0]!)[0];
  const parsed = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
  return parsed[0]!.Plan;
}

/**
 * Rows in the proportions of production: 3,000 users, 20,000 deliveries with two events each (one merchant with
 * 2,000 of them), most delivered, few waiting; notifications, wallet lines with their postings, withdrawals,
 * partner applications and outbox messages (nearly all sent) in the thousands. Written with SQL in a few
 * statements, then ANALYZEd.
 */
async function seed(db: Executor): Promise<HotQuerySample> {
  await db.execute(sql`
    insert into users (id, name, email, password_hash, roles, created_at)
    select gen_random_uuid(), 'Plan user ' || g, 'plan-' || g || '@example.test', 'x',
      case when g <= 20 then array['customer', 'driver'] else array['customer'] end, now() - (g || ' minutes')::interval
    from generate_series(1, 3000) g`);
  await db.execute(sql`
    with people as (select array_agg(id order by created_at desc) as ids from users where email like 'plan-%')
    insert into deliveries (user_id, tracking_id, receiver_name, receiver_phone, pickup_location, dropoff_location,
      package_type, package_weight, transport_mode, delivery_type, delivery_time, delivery_date,
      base_fare_kobo, distance_fee_kobo, service_fee_kobo, total_kobo, price_locked_until,
      status, paid_at, driver_id, created_at, updated_at)
    select
      people.ids[case when g <= 2000 then 21 else 21 + (g % 2900) end],
      'LFPLAN' || g, 'Receiver', '+2348000000000', 'Pickup ' || g, 'Dropoff ' || g,
      'parcel', 'small', 'bike', 'standard', 'morning', date '2026-01-01',
      100000, 50000, 10000, 160000, now(),
      s.status,
      case when s.status = 'awaiting_payment' then null else now() - (g || ' minutes')::interval end,
      case when s.status in ('delivered', 'picked_up', 'in_transit', 'out_for_delivery') or (s.status = 'pending' and g % 2 = 0)
        then people.ids[1 + g % 20] end,
      now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval + interval '30 minutes'
    from people, generate_series(1, 20000) g,
      lateral (select case
        when g % 100 < 70 then 'delivered' when g % 100 < 80 then 'cancelled' when g % 100 < 85 then 'awaiting_payment'
        when g % 100 < 88 then 'pending' when g % 100 < 91 then 'picked_up' when g % 100 < 94 then 'in_transit'
        when g % 100 < 97 then 'out_for_delivery' else 'delivered' end as status) s`);
  await db.execute(sql`
    insert into delivery_events (delivery_id, status, created_at)
    select d.id, e.status, d.created_at + e.after
    from deliveries d, (values ('pending', interval '1 minute'), ('picked_up', interval '10 minutes')) as e(status, after)
    where d.tracking_id like 'LFPLAN%'`);
  await db.execute(sql`
    insert into notifications (user_id, type, message_key, params, read_at, created_at)
    select d.user_id, 'delivery', 'deliveryPaid', '{}'::jsonb, case when g % 10 = 0 then null else now() end, d.created_at
    from deliveries d, generate_series(1, 1) g where d.tracking_id like 'LFPLAN%'`);
  await db.execute(sql`
    with lines as (
      select gen_random_uuid() as posting_id, d.user_id, d.id as delivery_id, d.created_at, row_number() over () as n
      from deliveries d where d.tracking_id like 'LFPLAN%'
    ),
    posted as (
      insert into postings (id, kind, idempotency_key, created_at)
      select posting_id, 'wallet_payment', 'plan:' || n, created_at from lines
    )
    insert into ledger_entries (user_id, amount_kobo, balance_after_kobo, kind, description, delivery_id, idempotency_key, posting_id, created_at)
    select user_id, -160000, 0, 'payment', 'Delivery', delivery_id, 'plan:' || n, posting_id, created_at from lines`);
  await db.execute(sql`
    insert into withdrawals (user_id, amount_kobo, bank_code, account_number_masked, account_name, status, payout_gateway, reference, created_at)
    select (select id from users where email = 'plan-' || (1 + g % 3000) || '@example.test'), 100000, '058', '******7890', 'Plan',
      case when g % 50 = 0 then 'pending' when g % 10 = 0 then 'failed' else 'paid' end, 'manual', 'plan-wd-' || g,
      now() - (g || ' minutes')::interval
    from generate_series(1, 5000) g`);
  await db.execute(sql`
    insert into partner_applications (user_id, type, status, details, created_at)
    select u.id, 'investment', case when u.n % 30 = 0 then 'submitted' else 'approved' end, '{}'::jsonb, now() - (u.n || ' minutes')::interval
    from (select id, row_number() over (order by id) as n from users where email like 'plan-%') u`);
  // The outbox: messages long sent, a few waiting (due now or retrying later).
  await db.execute(sql`
    insert into outbox_messages (channel, recipient, subject, body, status, attempts, next_attempt_at, sent_at, created_at)
    select 'sms', '+234800' || lpad(g::text, 7, '0'), 'Code', 'Your code', case when g % 200 = 0 then 'pending' else 'sent' end,
      1, now() - (g || ' seconds')::interval + case when g % 400 = 0 then interval '1 hour' else interval '0' end,
      case when g % 200 = 0 then null else now() - (g || ' seconds')::interval end, now() - (g || ' seconds')::interval
    from generate_series(1, 20000) g`);
  // Bulk imports: every customer has a few, the merchant many; a few still validating.
  await db.execute(sql`
    insert into imports (user_id, file_name, status, columns, cells, row_count, validation_claimed_at, created_at)
    select d.user_id, 'plan.csv', case when g % 500 = 0 then 'validating' else 'confirmed' end, '[]'::jsonb, '[]'::jsonb, 1,
      case when g % 1000 = 0 then now() end, d.created_at
    from (select user_id, created_at, row_number() over () as g from deliveries where tracking_id like 'LFPLAN%') d(user_id, created_at, g)
    where g % 2 = 0`);
  // Webhooks: the merchant's endpoint, an event for each delivery over six weeks (the oldest past the retention), each
  // sent once, nearly all delivered, a few still owed.
  await db.execute(sql`
    insert into webhook_endpoints (user_id, url, events, mode, secret_ciphertext)
    select user_id, 'https://example.test/hooks', array['delivery.created'], 'live', 'x' from deliveries where tracking_id = 'LFPLAN1'`);
  await db.execute(sql`
    with made as (
      insert into webhook_events (user_id, delivery_id, type, sequence, livemode, body, created_at)
      select d.user_id, d.id, 'delivery.created', 1, true, '{}', now() - (g * 3 || ' minutes')::interval
      from (select id, user_id, row_number() over () as g from deliveries where tracking_id like 'LFPLAN%') d(id, user_id, g)
      returning id, created_at
    )
    insert into webhook_sends (endpoint_id, event_id, status, attempts, next_attempt_at, created_at)
    select (select id from webhook_endpoints limit 1), made.id,
      case when row_number() over () % 300 = 0 then 'pending' else 'succeeded' end, 1, made.created_at, made.created_at
    from made`);
  for (const table of ['users', 'deliveries', 'delivery_events', 'notifications', 'postings', 'ledger_entries', 'withdrawals', 'partner_applications', 'outbox_messages', 'imports', 'webhook_endpoints', 'webhook_events', 'webhook_sends'])
    await db.execute(sql.raw(`analyze ${table}`));

  const result = (await db.execute(sql`
    with merchant as (select user_id from deliveries where tracking_id = 'LFPLAN1'),
    mid as (
      select d.created_at::text as at, d.number from deliveries d, merchant m
      where d.user_id = m.user_id order by d.created_at desc, d.number desc offset 1000 limit 1
    )
    select m.user_id, (select driver_id from deliveries where tracking_id = 'LFPLAN2') as driver_id,
      mid.at, mid.number, (select id from notifications where user_id = m.user_id limit 1) as mid_id,
      (select json_agg(id) from (select id from deliveries where user_id = m.user_id limit 20) ids) as ids
    from merchant m, mid`)) as unknown as { rows: Record<string, unknown>[] };
  const row = result.rows[0]!;
  const ids = (typeof row.ids === 'string' ? JSON.parse(row.ids) : row.ids) as string[];
  return {
    userId: row.user_id as string,
    driverId: row.driver_id as string,
    trackingId: 'LFPLAN1',
    deliveryNumber: Number(row.number),
    deliveryIds: ids,
    midAt: row.at as string,
    midNumber: Number(row.number),
    midId: row.mid_id as string,
  };
}

let db: Executor;
let drop: () => Promise<void>;
let sample: HotQuerySample;

beforeAll(async () => {
  const opened = await openTestDatabase();
  db = opened.database.db;
  drop = opened.drop;
  sample = await seed(db);
}, 180_000);

afterAll(async () => {
  await drop();
});

describe('the plan test: every hot query is served by an index', () => {
  it('the registry names each query once', () => {
    expect(new Set(HOT_QUERIES.map((q) => q.name)).size).toBe(HOT_QUERIES.length);
  });

  it.each(HOT_QUERIES.map((q) => [q.name, q] as const))('%s', async (_name, hot) => {
    const { sql: text, params } = renderHotQuery(db, sample, hot);
    const plan = await explain(db, text, params);
    expect(planProblems(plan), JSON.stringify(plan, null, 1)).toEqual([]);
  });

  it('the Unassigned tab is read in the order it is due through its own index (decision 088), not sorted', async () => {
    const unassigned = HOT_QUERIES.filter((q) => q.name.startsWith('board, unassigned'));
    expect(unassigned.map((q) => q.name)).toEqual([
      'board, unassigned',
      'board, unassigned, next page',
      'board, unassigned, date range',
      'board, unassigned, receiver search in a date range',
    ]);
    for (const hot of [...unassigned, HOT_QUERIES.find((q) => q.name === 'operator home, board counts')!]) {
      const { sql: text, params } = renderHotQuery(db, sample, hot);
      const plan = await explain(db, text, params);
      expect(indexesOf(plan), hot.name).toContain('deliveries_board_unassigned_due_idx');
    }
  });

  it('the Active tab’s driver filter reads that driver’s jobs through their index (decision 088)', async () => {
    const oneDriver = HOT_QUERIES.filter((q) => q.name.startsWith('board, active, one driver'));
    expect(oneDriver).toHaveLength(5);
    for (const hot of oneDriver) {
      const { sql: text, params } = renderHotQuery(db, sample, hot);
      // The name search keeps its bounded window of the tab (decision 057) and picks the driver's rows from it.
      const index = hot.name.endsWith('receiver search') ? 'deliveries_board_active_idx' : 'deliveries_driver_active_idx';
      expect(indexesOf(await explain(db, text, params)), hot.name).toContain(index);
    }
  });

  it('the indexes’ inlined status groups match the lifecycle’s (a change there must change them)', async () => {
    const result = (await db.execute(sql`
      select status, ${DISPLAY_STATUS_SQL} as display, ${ACTIVE_JOB_STATUS_SQL} as active
      from unnest(${`{${DELIVERY_STATUSES.join(',')}}`}::text[]) as t(status)`)) as unknown as {
      rows: { status: (typeof DELIVERY_STATUSES)[number]; display: string; active: boolean }[];
    };
    for (const row of result.rows) {
      expect(row.display, row.status).toBe(DISPLAY_STATUS_OF[row.status]);
      expect(row.active, row.status).toBe(ACTIVE_JOB_STATUSES.includes(row.status));
    }
  });

  it('flags what it must: a sequential scan and an unindexed sort of a big table', async () => {
    const plan = await explain(db, 'select * from deliveries order by receiver_name limit 5', []);
    expect(planProblems(plan)).toEqual(expect.arrayContaining([expect.stringMatching(/^(Seq Scan on deliveries|Sort over deliveries)$/)]));
  });
});
