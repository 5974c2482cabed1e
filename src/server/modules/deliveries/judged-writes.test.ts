import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createSignedInUser, fundWallet } from '../../test/factories.js';
import { assignNewDriver, book, completeAsOperator, payWithWallet } from '../../test/delivery-test-helpers.js';
import { deliveries, ledgerEntries, outboxMessages, postings } from '../../db/schema/index.js';
import { formatDeliveryId, parseDeliveryId } from '../../../shared/ids.js';
import { HANDOVER_MAX_ATTEMPTS } from '../../../shared/rule-limits.js';
import { driverEarnings } from '../wallet/wallet-service.js';
import { createDeliveriesRepository, type DeliveryRow } from './deliveries-repository.js';
import { DRIVER_ASSIGNABLE_STATUSES, HANDOVER_DUE_STATUSES } from './delivery-lifecycle.js';
import { outboxMessageValues } from '../messages/outbox-statements.js';

/**
 * An assignment and a hand-over are judged on the row as read, then written only if the row is still as judged (no
 * lock between the two). These are the writes with a judgement gone stale: each must write nothing.
 */
let t: TestApp;
let operator: Awaited<ReturnType<typeof createSignedInUser>>;
let repository: ReturnType<typeof createDeliveriesRepository>;
beforeAll(async () => {
  t = await createTestApp();
  operator = await createSignedInUser(t.deps, { roles: ['customer', 'operator'] });
  repository = createDeliveriesRepository(t.deps.db);
});
afterAll(async () => {
  await t.close();
});

/** A paid delivery with a driver, not yet picked up: as the pickup reads it. */
async function assigned(): Promise<DeliveryRow> {
  const customer = await createSignedInUser(t.deps);
  await fundWallet(t.deps.db, customer.user.id, 10_000_000);
  const { id } = await book(t, customer.headers);
  expect((await payWithWallet(t, customer.headers, id)).statusCode).toBe(200);
  await assignNewDriver(t, operator.headers, id);
  return (await repository.findByNumber(parseDeliveryId(id)!, null))!;
}

/** A paid delivery with a driver, out for delivery: as the hand-over reads it. */
async function outForDelivery(): Promise<DeliveryRow> {
  const id = formatDeliveryId((await assigned()).number);
  for (const status of ['picked_up', 'in_transit', 'out_for_delivery']) {
    const res = await t.app.inject({ method: 'POST', url: `/api/dispatch/deliveries/${id}/status`, headers: operator.headers, payload: { status } });
    expect(res.statusCode, res.body).toBe(200);
  }
  return (await repository.findByNumber(parseDeliveryId(id)!, null))!;
}

const earningsOf = (row: DeliveryRow) =>
  driverEarnings({
    userId: row.driverId!,
    amountKobo: 50_000,
    description: 'Earnings',
    deliveryId: row.id,
    idempotencyKey: `earning:${row.id}`,
  }).values;

const deliverAsJudged = (row: DeliveryRow, codeHash: string | null) =>
  repository.deliver(
    { id: row.id, driverId: row.driverId!, codeHash },
    HANDOVER_DUE_STATUSES,
    HANDOVER_MAX_ATTEMPTS,
    { to: 'delivered', proofKey: null, note: 'handover:code' },
    earningsOf(row),
  );

async function writtenFor(row: DeliveryRow) {
  const [current] = await t.deps.db.select().from(deliveries).where(eq(deliveries.id, row.id));
  const earned = await t.deps.db.select().from(postings).where(eq(postings.idempotencyKey, `earning:${row.id}`));
  const entries = await t.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.deliveryId, row.id));
  return { status: current!.status, attempts: current!.handoverFailedAttempts, earned: earned.length, earningEntries: entries.filter((e) => e.kind === 'earning').length };
}

describe('a hand-over judged on a row that changed meanwhile', () => {
  it('writes nothing when the code is no longer the one judged', async () => {
    const row = await outForDelivery();
    expect(await deliverAsJudged(row, 'another-salt$another-digest')).toBeNull();
    expect(await repository.countFailedHandover({ id: row.id, codeHash: 'another-salt$another-digest' }, HANDOVER_DUE_STATUSES, HANDOVER_MAX_ATTEMPTS)).toBeNull();
    expect(await writtenFor(row)).toEqual({ status: 'out_for_delivery', attempts: 0, earned: 0, earningEntries: 0 });
  });

  it('writes nothing once the attempts ran out, and counts no attempt past the last', async () => {
    const row = await outForDelivery();
    const judged = { id: row.id, codeHash: row.handoverCodeHash };
    for (let attempt = 1; attempt <= HANDOVER_MAX_ATTEMPTS; attempt++) {
      expect(await repository.countFailedHandover(judged, HANDOVER_DUE_STATUSES, HANDOVER_MAX_ATTEMPTS)).toBe(attempt);
    }
    expect(await repository.countFailedHandover(judged, HANDOVER_DUE_STATUSES, HANDOVER_MAX_ATTEMPTS)).toBeNull();
    expect(await deliverAsJudged(row, row.handoverCodeHash)).toBeNull();
    expect(await writtenFor(row)).toEqual({ status: 'out_for_delivery', attempts: HANDOVER_MAX_ATTEMPTS, earned: 0, earningEntries: 0 });
  });

  it('writes nothing more once an operator completed it: one hand-over, one earning', async () => {
    const row = await outForDelivery();
    expect((await completeAsOperator(t, operator.headers, formatDeliveryId(row.number))).statusCode).toBe(200);
    expect(await deliverAsJudged(row, row.handoverCodeHash)).toBeNull();
    expect(await repository.countFailedHandover({ id: row.id, codeHash: row.handoverCodeHash }, HANDOVER_DUE_STATUSES, HANDOVER_MAX_ATTEMPTS)).toBeNull();
    expect(await writtenFor(row)).toEqual({ status: 'delivered', attempts: 0, earned: 1, earningEntries: 1 });
  });

  it('as judged, delivers and writes the earnings once, with the balance after', async () => {
    const row = await outForDelivery();
    const first = await deliverAsJudged(row, row.handoverCodeHash);
    expect(first).toMatchObject({ row: { status: 'delivered', handoverCodeHash: null }, earningsBalanceAfterKobo: 50_000 });
    expect(await deliverAsJudged(row, row.handoverCodeHash)).toBeNull();
    expect(await writtenFor(row)).toEqual({ status: 'delivered', attempts: 0, earned: 1, earningEntries: 1 });
  });
});

describe('an assignment judged on a row that changed meanwhile', () => {
  const driver = { userId: '', name: 'Late Driver', phone: '+2348030000999', ratingTenths: 0, reviews: 0 };
  const message = (recipient: string) =>
    outboxMessageValues({ channel: 'sms', recipient, subject: 'Lanefreight delivery', body: 'Late Driver has it now', holdsSecret: false });
  /** The same driver again, with the receiver's message to this number. */
  const assignAsJudged = (row: DeliveryRow, recipient: string, judgedDriverId = row.driverId) =>
    repository.setDriver(
      { id: row.id, transportMode: row.transportMode, judgedDriverId },
      { ...driver, userId: row.driverId! },
      DRIVER_ASSIGNABLE_STATUSES,
      message(recipient),
    );

  it('writes neither the driver nor the receiver\'s message once the delivery was handed over', async () => {
    const row = await outForDelivery();
    expect((await completeAsOperator(t, operator.headers, formatDeliveryId(row.number))).statusCode).toBe(200);
    const before = (await repository.findByNumber(row.number, null))!;
    const recipient = '+2348030000998';
    const assigned = await assignAsJudged(row, recipient);
    expect(assigned).toBeNull();
    expect(await repository.findByNumber(row.number, null)).toEqual(before);
    expect(await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient))).toEqual([]);
  });

  it('writes nothing once another driver was assigned meanwhile (the driver it is taken from is known for certain)', async () => {
    const row = await outForDelivery();
    const recipient = '+2348030000996';
    expect(await assignAsJudged(row, recipient, null)).toBeNull();
    expect(await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient))).toEqual([]);
  });

  it('as judged, writes the driver and the message together', async () => {
    const row = await outForDelivery();
    const recipient = '+2348030000997';
    const assigned = await assignAsJudged(row, recipient);
    // The code the receiver holds stays, and so do the attempts made against it.
    expect(assigned?.row).toMatchObject({ driverName: 'Late Driver', handoverCodeHash: row.handoverCodeHash, handoverFailedAttempts: 0 });
    expect(assigned?.events.at(-1)).toMatchObject({ status: 'driver_assigned', note: 'Late Driver', driverId: row.driverId });
    expect(await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient))).toMatchObject([
      { body: 'Late Driver has it now', holdsSecret: false, status: 'pending' },
    ]);
  });
});

describe('a pickup judged on a row that changed meanwhile', () => {
  const message = (recipient: string) =>
    outboxMessageValues({ channel: 'sms', recipient, subject: 'Lanefreight delivery', body: 'On the way, code 1234', holdsSecret: true });
  const pickUpAsJudged = (row: DeliveryRow, recipient: string, judgedDriverId = row.driverId!) =>
    repository.pickUp({ id: row.id, judgedDriverId }, ['pending'], 'picked_up', 'salt$digest', message(recipient), null);
  const messagesTo = (recipient: string) => t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));

  it('writes neither the code nor the SMS once another driver was assigned meanwhile (it would name the wrong one)', async () => {
    const row = await assigned();
    const recipient = '+2348030000995';
    expect(await pickUpAsJudged(row, recipient, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await repository.findByNumber(row.number, null)).toMatchObject({ status: 'pending', handoverCodeHash: null });
    expect(await messagesTo(recipient)).toEqual([]);
  });

  it('writes nothing once the delivery has a code: one code per delivery', async () => {
    const row = await assigned();
    expect(await pickUpAsJudged(row, '+2348030000994')).not.toBeNull();
    await t.deps.db.update(deliveries).set({ status: 'pending' }).where(eq(deliveries.id, row.id));
    const recipient = '+2348030000993';
    expect(await pickUpAsJudged(row, recipient)).toBeNull();
    expect(await messagesTo(recipient)).toEqual([]);
  });

  it('as judged, writes the step, the code and the SMS together', async () => {
    const row = await assigned();
    const recipient = '+2348030000992';
    const picked = await pickUpAsJudged(row, recipient);
    expect(picked?.row).toMatchObject({ status: 'picked_up', handoverCodeHash: 'salt$digest', driverId: row.driverId });
    expect(picked?.events.at(-1)).toMatchObject({ status: 'picked_up', driverId: row.driverId });
    expect(await messagesTo(recipient)).toMatchObject([{ body: 'On the way, code 1234', holdsSecret: true, status: 'pending' }]);
  });
});
