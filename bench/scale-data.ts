/**
 * The data of `npm run bench:scale`, written with SQL (insert … select generate_series) into a migrated database:
 * deliveries in every status in production's proportions over a year, with their events, the ledger that paid for
 * them (top-ups, wallet and card payments, refunds, drivers' earnings, withdrawals' holds), wallets equal to their
 * lines, notifications, outbox messages, drivers, withdrawals and partner applications. One merchant has a twentieth
 * of all deliveries. Ids are md5 of a name, so every table can refer to another's rows without a join.
 */
import type pg from 'pg';

export interface ScaleShape {
  deliveries: number;
  users: number;
  /** Every twentieth delivery is the merchant's. */
  merchantDeliveries: number;
  drivers: number;
  withdrawals: number;
  applications: number;
}

export function shapeOf(deliveries: number): ScaleShape {
  const users = Math.max(50, Math.round(deliveries / 20));
  return {
    deliveries,
    users,
    merchantDeliveries: Math.floor(deliveries / 20),
    drivers: Math.max(2, Math.round(users / 25)),
    withdrawals: Math.max(40, Math.round(deliveries / 25)),
    // At least 60, so that the small database's open applications fill a page as the large one's do.
    applications: Math.max(60, Math.round(users / 10)),
  };
}

/** User number u's id; 1 is the merchant, 2 the operator, 3 … 2 + drivers the drivers, the rest customers. */
export const userIdSql = (u: string) => `md5('scale-user-' || (${u}))::uuid`;
const deliveryIdSql = (g: string) => `md5('scale-delivery-' || (${g}))::uuid`;
const postingIdSql = (key: string) => `md5('scale-posting-' || (${key}))::uuid`;

/** The tracking id of delivery g: LF-XXXX-XXXX, g scrambled by an odd prime (a bijection modulo 30^8). */
export function trackingIdSql(g: string) {
  const scrambled = `((${g})::bigint * 982451653 % 656100000000)`;
  const char = (k: number) =>
    `substr('23456789ABCDEFGHJKMNPQRSTVWXYZ', ((${scrambled} / ${30 ** k}) % 30)::int + 1, 1)`;
  return `'LF-' || ${[7, 6, 5, 4].map(char).join(' || ')} || '-' || ${[3, 2, 1, 0].map(char).join(' || ')}`;
}

/**
 * The statements, in order, each with a label for the log. The delivery_totals trigger is off during the load and
 * the totals are then counted once, as migration 0012 fills them.
 */
export function scaleStatements(shape: ScaleShape): { label: string; sql: string }[] {
  const { deliveries: N, users: U, drivers: D } = shape;
  const customers = U - 2 - D;
  // The newest 3 % are still moving (awaiting payment, waiting for a driver, on the road); older ones ended. At least
  // 450 are (the merchant's among them all on the road: 22 in transit at 1,000), and at least 400 are new enough to be
  // unread, so that at 1,000 deliveries the board's tabs, their next pages, the merchant's in-transit filter and unread
  // notifications are full pages, as at 1,000,000: a ratio then compares table sizes, not a short page with a full one.
  const movingFrom = N - Math.max(Math.round(N * 0.03), 450);
  const unreadFrom = N - Math.max(Math.round((N * 10) / 365), 400);
  // The same for the cancelled pages: in the 600 older deliveries just before the moving ones, the merchant's (g % 20
  // = 0, unpaid) and three in twenty others (odd, so paid) are cancelled. At 1,000 deliveries the board's cancelled tab
  // then has 90 rows and the merchant 30 (6 % of 1,000 gave 20 and 3: a short page against a full one); at 1,000,000
  // it changes 0.06 % of the rows.
  const cancelledFloorFrom = movingFrom - 600;
  const { applications: A, withdrawals: W } = shape;
  // Who booked, which driver, which status: from hashes of g, so that none of them follows another (g % 100 would give
  // each customer or driver a single status).
  const userOf = `case when g % 20 = 0 then 1 else ${3 + D} + (abs(hashint4(g + 1500000000)::bigint) % ${customers})::int end`;
  const statusOf = `case
      when g > ${movingFrom} and g % 20 = 0 then (array['picked_up', 'in_transit', 'out_for_delivery'])[1 + (abs(hashint4(g)::bigint) / 100) % 3]
      when g > ${movingFrom} then (array['awaiting_payment', 'pending', 'pending', 'picked_up', 'in_transit', 'out_for_delivery'])[1 + (abs(hashint4(g)::bigint) / 100) % 6]
      when g > ${cancelledFloorFrom} and g % 20 in (0, 1, 3, 5) then 'cancelled'
      when abs(hashint4(g)::bigint) % 100 < 6 then 'cancelled'
      when abs(hashint4(g)::bigint) % 100 < 8 then 'awaiting_payment'
      else 'delivered' end`;
  return [
    {
      label: 'users',
      sql: `insert into users (id, name, email, phone, password_hash, roles, verified_at, created_at, updated_at)
        select ${userIdSql('u')},
          case when u = 1 then 'Scale Merchant' when u = 2 then 'Scale Operator' when u <= ${2 + D} then 'Scale Driver ' || u else 'Scale Customer ' || u end,
          'scale-' || u || '@example.test', '+23470' || lpad(u::text, 8, '0'), 'x',
          case when u = 2 then array['customer', 'operator'] when u between 3 and ${2 + D} then array['customer', 'driver'] else array['customer'] end,
          now() - interval '400 days', now() - interval '400 days', now() - interval '400 days'
        from generate_series(1, ${U}) u`,
    },
    {
      label: 'partner applications (drivers approved, others in every status) and their documents',
      sql: `with apps as (
          insert into partner_applications (id, user_id, type, status, details, reviewed_by, reviewed_at, created_at, updated_at)
          select md5('scale-app-' || a)::uuid, ${userIdSql('u')}, t.type, t.status,
            case when t.type = 'transportation'
              then jsonb_build_object('preferredRoutes', 'Lagos - Ibadan', 'serviceAvailability', 'full_time', 'vehicleType', 'van',
                'vehicleBrand', 'Toyota', 'plateNumber', 'LAG-' || lpad(u::text, 3, '0') || 'AA', 'agreeTerms', 'true')
              else jsonb_build_object('fullName', 'Scale Investor ' || u, 'phoneNumber', '+23470' || lpad(u::text, 8, '0'),
                'emailAddress', 'scale-' || u || '@example.test', 'homeAddress', '3 Marina, Lagos', 'investmentArea', 'fleet',
                'initialCapital', '1m_5m', 'bankName', 'GTBank', 'accountNumber', '0123456789', 'agreeTerms', 'true') end,
            case when t.status in ('approved', 'rejected') then ${userIdSql('2')} end,
            case when t.status in ('approved', 'rejected') then now() - interval '390 days' + a * interval '1 minute' end,
            now() - interval '395 days' + a * (interval '390 days' / ${shape.applications}),
            now() - interval '395 days' + a * (interval '390 days' / ${shape.applications})
          from generate_series(1, ${shape.applications}) a,
            lateral (select case when a <= ${D} then a + 2 else ${3 + D} + (a - ${D}) % ${customers} end as u) who,
            lateral (select case when a <= ${D} then 'transportation' else 'investment' end as type,
              case when a <= ${D} then 'approved' when a > ${A - 20} then 'submitted' when a > ${A - 40} then 'under_review'
                when a % 20 = 0 then 'submitted' when a % 20 = 1 then 'under_review'
                when a % 20 < 6 then 'rejected' else 'approved' end as status) t
          returning id, created_at
        )
        insert into partner_documents (application_id, kind, storage_key, content_type, size_bytes, original_name, created_at)
        select id, 'idDocument', 'partners/' || id || '/id.pdf', 'application/pdf', 120000, 'id.pdf', created_at from apps`,
    },
    {
      label: 'drivers',
      sql: `insert into drivers (user_id, transport_mode, vehicle_type, vehicle_brand, plate_number, application_id, rating_total, rating_count, created_at)
        select ${userIdSql('u')}, 'van', 'van', 'Toyota', 'LAG-' || lpad(u::text, 3, '0') || 'AA', md5('scale-app-' || (u - 2))::uuid, 0, 0,
          now() - interval '390 days'
        from generate_series(3, ${2 + D}) u`,
    },
    {
      label: 'the delivery_totals trigger off for the load',
      sql: `alter table deliveries disable trigger deliveries_totals`,
    },
    {
      label: `${N.toLocaleString('en')} deliveries`,
      sql: `insert into deliveries (id, number, tracking_id, user_id, receiver_name, receiver_phone, pickup_location, dropoff_location,
          package_type, package_weight, transport_mode, delivery_type, delivery_time, delivery_date, description,
          base_fare_kobo, distance_fee_kobo, service_fee_kobo, total_kobo, price_locked_until, status, payment_method, paid_at,
          driver_id, driver_name, driver_phone, created_at, updated_at, distance_meters, interstate)
        select ${deliveryIdSql('g')}, g, ${trackingIdSql('g')}, ${userIdSql('w.u')},
          'Receiver ' || g, '+23480' || lpad((g % 100000000)::text, 8, '0'),
          (g % 97) || ' Admiralty Way, Lekki, Lagos', (g % 89) || ' Awolowo Road, Ikoyi, Lagos',
          (array['documents', 'electronics', 'clothing', 'food', 'other'])[1 + g % 5], (array['light', 'medium', 'heavy'])[1 + g % 3],
          (array['bike', 'car', 'van', 'truck'])[1 + g % 4], (array['standard', 'express', 'same_day'])[1 + g % 3],
          (array['morning', 'afternoon', 'evening'])[1 + g % 3], (t.created_at + interval '1 day')::date, null,
          f.base, f.distance, 10000, f.base + f.distance + 10000, t.created_at + interval '30 minutes',
          s.status, case when s.paid then (case when g % 10 = 3 and s.status <> 'cancelled' then 'card' else 'wallet' end) end,
          case when s.paid then t.created_at + interval '2 minutes' end,
          case when s.assigned then ${userIdSql('s.driver')} end,
          case when s.assigned then 'Scale Driver ' || s.driver end,
          case when s.assigned then '+23470' || lpad(s.driver::text, 8, '0') end,
          t.created_at,
          t.created_at + case s.status when 'delivered' then interval '3 hours' when 'cancelled' then interval '20 minutes'
            when 'awaiting_payment' then interval '0' when 'pending' then interval '2 minutes' else interval '1 hour' end,
          5000 + (g % 40000), false
        from generate_series(1, ${N}) g,
          lateral (select ${userOf} as u) w,
          lateral (select now() - interval '365 days' + g * (interval '365 days' / ${N}) as created_at) t,
          lateral (select 150000 + (g % 7) * 10000 as base, 50000 + (g % 13) * 5000 as distance) f,
          lateral (select st.status,
              st.status not in ('awaiting_payment') and not (st.status = 'cancelled' and g % 2 = 0) as paid,
              st.status in ('picked_up', 'in_transit', 'out_for_delivery', 'delivered') or (st.status = 'pending' and g % 2 = 1) as assigned,
              3 + (abs(hashint4(-g)::bigint) % ${D})::int as driver
            from (select ${statusOf} as status) st) s`,
    },
    { label: 'the delivery number sequence', sql: `select setval('delivery_number_seq', ${N})` },
    {
      label: 'delivery events (each status reached, in order)',
      sql: `insert into delivery_events (delivery_id, status, note, created_at)
        select d.id, e.status, null, d.created_at + e.after
        from deliveries d
        join (values (1, 'awaiting_payment', interval '0'), (2, 'pending', interval '2 minutes'), (3, 'picked_up', interval '40 minutes'),
          (4, 'in_transit', interval '60 minutes'), (5, 'out_for_delivery', interval '150 minutes'), (6, 'delivered', interval '3 hours'))
          as e(rank, status, after)
          on e.rank <= case d.status when 'awaiting_payment' then 1 when 'pending' then 2 when 'picked_up' then 3 when 'in_transit' then 4
            when 'out_for_delivery' then 5 when 'delivered' then 6 else case when d.paid_at is null then 1 else 2 end end
        union all
        select d.id, 'cancelled', 'Cancelled by the customer', d.updated_at from deliveries d where d.status = 'cancelled'`,
    },
    {
      label: 'card payments (a tenth of paid deliveries) and their postings',
      sql: `with paid as (
          insert into payments (id, reference, user_id, delivery_id, gateway, amount_kobo, status, checkout_url, created_at, completed_at, purpose)
          select md5('scale-payment-' || d.number)::uuid, 'LF-PAY-' || d.number, d.user_id, d.id, 'paystack', d.total_kobo, 'succeeded',
            'https://checkout.paystack.com/scale' || d.number, d.created_at + interval '1 minute', d.paid_at, 'delivery'
          from deliveries d where d.payment_method = 'card'
          returning id, reference, amount_kobo, completed_at
        ),
        posted as (
          insert into postings (id, kind, idempotency_key, payment_id, created_at)
          select ${postingIdSql(`'card:' || reference`)}, 'card_payment', 'card:' || reference, id, completed_at from paid
        )
        insert into posting_lines (posting_id, account_type, account_key, amount_kobo, created_at)
        select ${postingIdSql(`'card:' || reference`)}, l.type, l.key, l.sign * amount_kobo, completed_at
        from paid, (values ('gateway_clearing', 'paystack', -1), ('revenue', '', 1)) as l(type, key, sign)`,
    },
    {
      label: 'wallet moves: top-ups, wallet payments, refunds, drivers’ earnings, withdrawals’ holds',
      sql: `create unlogged table scale_moves as
        with spent as (
          select user_id, sum(total_kobo) as total, min(created_at) as first
          from deliveries where payment_method = 'wallet' group by user_id
        )
        select s.user_id, s.total + 1000000 as amount, 'topup' as kind, 'Wallet top-up' as description, null::uuid as delivery_id,
          'topup:scale-' || s.user_id as key, s.first - interval '1 hour' as created_at, 'topup' as posting_kind, null::bigint as held
        from spent s
        union all
        select user_id, -total_kobo, 'payment', 'Delivery #' || number, id, 'pay:' || id, paid_at, 'wallet_payment', null
        from deliveries where payment_method = 'wallet'
        union all
        select user_id, total_kobo, 'refund', 'Refund for delivery #' || number, id, 'refund:' || id, updated_at, 'refund', null
        from deliveries where payment_method = 'wallet' and status = 'cancelled'
        union all
        select driver_id, (base_fare_kobo + distance_fee_kobo) * 70 / 100, 'earning', 'Earnings for delivery #' || number, id,
          'earning-paid:' || id, updated_at, 'driver_earning_paid', null
        from deliveries where status = 'delivered'`,
    },
    {
      label: 'withdrawals (drivers, the last month: paid, pending, failed) and their holds',
      sql: `with w as (
          insert into withdrawals (id, user_id, amount_kobo, bank_code, account_number_masked, account_name, status, payout_gateway,
            reference, created_at, completed_at, failure_reason)
          select md5('scale-withdrawal-' || k)::uuid, ${userIdSql(`3 + k % ${D}`)}, 500000, '058', '******7890', 'Scale Driver',
            ws.status, 'manual', 'LF-WD-' || k,
            now() - interval '30 days' + k * (interval '30 days' / ${W}),
            case when ws.status <> 'pending' then now() - interval '30 days' + k * (interval '30 days' / ${W}) + interval '1 hour' end,
            case when ws.status = 'failed' then 'Account name mismatch' end
          from generate_series(1, ${W}) k,
            -- The newest 25 are pending too, so that the small database's pending list is a full page.
            lateral (select case when k % 50 = 0 or k > ${W - 25} then 'pending' when k % 20 = 0 then 'failed' else 'paid' end as status) ws
          returning id, user_id, amount_kobo, status, created_at, completed_at
        )
        insert into scale_moves
        select user_id, -amount_kobo, 'hold', 'Withdrawal', null::uuid, 'hold:' || id, created_at, 'withdrawal_hold', amount_kobo from w
        union all
        select user_id, case when status = 'failed' then amount_kobo else 0 end,
          case when status = 'failed' then 'hold_release' else 'hold_settle' end, 'Withdrawal', null::uuid,
          'hold-end:' || id, completed_at, case when status = 'failed' then 'withdrawal_failed' else 'withdrawal_paid' end, amount_kobo
        from w where status <> 'pending'`,
    },
    {
      label: 'top-up payments (one a customer, at Paystack)',
      sql: `insert into payments (id, reference, user_id, delivery_id, gateway, amount_kobo, status, checkout_url, created_at, completed_at, purpose)
        select md5('scale-topup-' || user_id)::uuid, 'LF-TOP-' || user_id, user_id, null, 'paystack', amount, 'succeeded',
          'https://checkout.paystack.com/scale-topup', created_at, created_at, 'topup'
        from scale_moves where kind = 'topup'`,
    },
    {
      label: 'postings of the wallet moves, and the drivers’ earnings postings (revenue → earnings)',
      sql: `insert into postings (id, kind, idempotency_key, payment_id, created_at)
        select ${postingIdSql('key')}, posting_kind, key, case when kind = 'topup' then md5('scale-topup-' || user_id)::uuid end, created_at
        from scale_moves
        union all
        select ${postingIdSql(`'earning:' || id`)}, 'driver_earning', 'earning:' || id, null, updated_at
        from deliveries where status = 'delivered'`,
    },
    {
      label: 'posting lines (every other account’s side)',
      sql: `insert into posting_lines (posting_id, account_type, account_key, amount_kobo, created_at)
        select ${postingIdSql('key')},
          case kind when 'topup' then 'gateway_clearing' when 'payment' then 'revenue' when 'refund' then 'refunds'
            when 'earning' then 'driver_earnings' else 'payouts_in_transit' end,
          case kind when 'topup' then 'paystack' when 'earning' then user_id::text else '' end,
          case when kind = 'hold_settle' then -held else -amount end,
          created_at
        from scale_moves
        union all
        select ${postingIdSql('key')}, 'gateway_clearing', 'manual', held, created_at
        from scale_moves where kind = 'hold_settle'
        union all
        select ${postingIdSql(`'earning:' || id`)}, l.type, case when l.type = 'driver_earnings' then driver_id::text else '' end,
          l.sign * (base_fare_kobo + distance_fee_kobo) * 70 / 100, updated_at
        from deliveries, (values ('revenue', -1), ('driver_earnings', 1)) as l(type, sign)
        where status = 'delivered'`,
    },
    {
      label: 'ledger entries (the wallets’ side, with the balance after each)',
      sql: `insert into ledger_entries (user_id, amount_kobo, balance_after_kobo, kind, description, delivery_id, idempotency_key, posting_id, created_at)
        select user_id, amount, sum(amount) over (partition by user_id order by created_at, key), kind, description, delivery_id, key,
          ${postingIdSql('key')}, created_at
        from scale_moves`,
    },
    {
      label: 'wallets (each equal to its lines)',
      sql: `insert into wallets (user_id, balance_kobo, updated_at)
        select user_id, sum(amount_kobo), max(created_at) from ledger_entries group by user_id`,
    },
    { label: 'drop the moves', sql: `drop table scale_moves` },
    {
      label: 'notifications (paid, assigned, delivered; the newest deliveries’ unread)',
      sql: `insert into notifications (user_id, type, message_key, params, read_at, created_at)
        select d.user_id, 'delivery', n.key, jsonb_build_object('deliveryNumber', d.number, 'trackingId', d.tracking_id),
          case when d.number > ${unreadFrom} then null else d.created_at + n.after + interval '1 hour' end,
          d.created_at + n.after
        from deliveries d
        join (values ('deliveryPaid', interval '2 minutes', 2), ('driverAssigned', interval '10 minutes', 3),
          ('deliveryDelivered', interval '3 hours', 6)) as n(key, after, rank)
          on n.rank <= case d.status when 'awaiting_payment' then 1 when 'pending' then 2 + (d.driver_id is not null)::int
            when 'delivered' then 6 when 'cancelled' then 1 else 5 end`,
    },
    {
      label: 'outbox messages (the receiver’s code for every assigned delivery, nearly all sent)',
      sql: `insert into outbox_messages (channel, recipient, subject, body, status, attempts, next_attempt_at, sent_at, created_at, holds_secret)
        select 'sms', receiver_phone, 'Delivery code', 'Your Lanefreight code for delivery ' || tracking_id || ' is 4821',
          case when created_at > now() - interval '1 hour' and number % 10 = 0 then 'pending' else 'sent' end,
          1, created_at + interval '10 minutes', case when created_at > now() - interval '1 hour' and number % 10 = 0 then null
            else created_at + interval '10 minutes' end, created_at + interval '10 minutes', true
        from deliveries where driver_id is not null`,
    },
    {
      label: 'delivery_totals from a recount, the trigger back on',
      sql: `insert into delivery_totals (user_id, active, delivered, spent_kobo)
        select user_id,
          count(*) filter (where status in ('picked_up', 'in_transit', 'out_for_delivery')),
          count(*) filter (where status = 'delivered'),
          coalesce(sum(total_kobo) filter (where paid_at is not null and status <> 'cancelled'), 0)
        from deliveries group by user_id;
        alter table deliveries enable trigger deliveries_totals`,
    },
  ];
}

const BULK_TABLES = [
  'deliveries',
  'delivery_events',
  'notifications',
  'outbox_messages',
  'postings',
  'posting_lines',
  'ledger_entries',
  'payments',
];

/** Writes the data, then VACUUM ANALYZE (as autovacuum would have by then). */
export async function buildScaleData(client: pg.Client, shape: ScaleShape, log: (line: string) => void) {
  await client.query(`set synchronous_commit = off`);
  await client.query(`set maintenance_work_mem = '256MB'`);
  await client.query(`set work_mem = '64MB'`);
  await client.query(`set statement_timeout = 0`);
  // Foreign keys are checked by triggers, one lookup per row: off for the load (the rows are made to match, and
  // ledger:check and the totals' recount check them afterwards). Needs a superuser, as the machine's postgres is.
  await client.query(`set session_replication_role = replica`);
  // The big tables' indexes (other than their primary keys) are dropped for the load and built again afterwards from
  // their own definitions (pg_indexes), as the migrations made them: one sort each instead of millions of inserts.
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
     where schemaname = 'public' and tablename = any($1)
       and indexname not in (select conname from pg_constraint where contype in ('p', 'u', 'x'))`,
    [BULK_TABLES],
  );
  try {
    for (const { name } of indexes) await client.query(`drop index ${name}`);
    for (const { label, sql } of scaleStatements(shape)) {
      const started = performance.now();
      await client.query(sql);
      log(`    ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const started = performance.now();
    for (const { definition } of indexes) await client.query(definition);
    log(`    ${indexes.length} indexes built again: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.query(`set session_replication_role = default`);
  }
  const started = performance.now();
  await client.query(`vacuum analyze`);
  log(`    vacuum analyze: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
