import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
import type { Transactions } from '../../db/transactions.js';
import { AppError } from '../../lib/app-error.js';
import { cursorInstant, cursorInt, decodeCursor, pageOf } from '../../lib/cursor.js';
import { parseDeliveryId } from '../../../shared/ids.js';
import type { DeliveryStatus } from '../../../shared/schemas/deliveries.js';
import type { V1Delivery, V1DeliveryListQuery, V1DeliveryPage, V1Proof } from '../../../shared/schemas/merchant-api.js';
import type { DeliveriesRepository, DeliveryRow } from './deliveries-repository.js';
import type { DeliveriesService } from './deliveries-service.js';
import { factsOf } from './deliveries-service.js';
import { findMove, AWAITING_DECISION_STATUSES } from './delivery-lifecycle.js';
import { toV1Delivery } from './delivery-view.js';

/**
 * The merchant API's side of the deliveries module (issue 23): a key's deliveries (its owner's, in its mode only: a
 * live key never sees a test delivery nor the reverse), their keyset list, hand-over proof, and the test mode's moves.
 */

/** The caller's scope: whose deliveries, and which mode (a test key's are livemode false). */
export interface MerchantScope {
  userId: string;
  livemode: boolean;
}

const merchantCursorShape = z.tuple([cursorInstant, cursorInt]);

/**
 * One keyset page of a merchant's deliveries in one mode, newest first: by owner and mode (deliveries_merchant_idx),
 * by status too (deliveries_merchant_status_idx), or by the merchant's reference (deliveries_external_reference_key,
 * at most one row).
 */
export function merchantPageQuery(
  db: Executor,
  scope: MerchantScope,
  filter: { status?: DeliveryStatus; externalReference?: string },
  after: { at: string; number: number } | null,
  limit: number,
) {
  return db
    .select({ delivery: deliveries, cursorAt: sql<string>`${deliveries.createdAt}::text`.as('cursor_at') })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.userId, scope.userId),
        eq(deliveries.livemode, scope.livemode),
        filter.externalReference === undefined ? undefined : eq(deliveries.externalReference, filter.externalReference),
        filter.status === undefined ? undefined : eq(deliveries.status, filter.status),
        after ? sql`(${deliveries.createdAt}, ${deliveries.number}) < (${after.at}::timestamptz, ${after.number}::int)` : undefined,
      ),
    )
    .orderBy(desc(deliveries.createdAt), desc(deliveries.number))
    .limit(limit);
}

interface Deps {
  db: Executor;
  transactions: Pick<Transactions, 'single'>;
  repository: Pick<DeliveriesRepository, 'findByNumber' | 'findEvents' | 'moveStatus'>;
  deliveries: Pick<DeliveriesService, 'decideAfterFailure'>;
}

/** Which lifecycle moves the test route makes, and the note each leaves in the history. */
const TEST_MOVE_NOTES: Partial<Record<string, string>> = {
  advance: 'test:advance',
  hand_over: 'handover:test',
  fail: 'failed:receiver_unavailable test',
  return: 'return:test',
};

export function createMerchantDeliveries({ db, transactions, repository, deliveries: service }: Deps) {
  async function find(scope: MerchantScope, publicId: string): Promise<DeliveryRow> {
    const number = parseDeliveryId(publicId);
    const row = number === null ? null : await repository.findByNumber(number, scope.userId);
    // Another mode's delivery is as unknown as another merchant's.
    if (!row || row.livemode !== scope.livemode) throw new AppError('DELIVERY_NOT_FOUND');
    return row;
  }

  return {
    find,

    async get(scope: MerchantScope, publicId: string): Promise<V1Delivery> {
      return toV1Delivery(await find(scope, publicId));
    },

    async list(scope: MerchantScope, query: V1DeliveryListQuery): Promise<V1DeliveryPage> {
      const key = decodeCursor(query.cursor, merchantCursorShape);
      const rows = await merchantPageQuery(
        db,
        scope,
        { status: query.status, externalReference: query.externalReference },
        key ? { at: key[0], number: key[1] } : null,
        query.limit + 1,
      );
      return pageOf(rows, query.limit, (row) => [row.cursorAt, row.delivery.number], (row) => toV1Delivery(row.delivery));
    },

    /** When it was handed over (delivered, or returned to the sender), and whether a photo was taken. */
    async proof(scope: MerchantScope, publicId: string, photoUrl: (id: string) => string): Promise<V1Proof & { photoKey: string | null }> {
      const row = await find(scope, publicId);
      const events = await repository.findEvents([row.id]);
      const handedOver = events.filter((event) => event.status === 'delivered' || event.status === 'returned').at(-1);
      const delivery = toV1Delivery(row);
      return {
        object: 'proof',
        deliveryId: delivery.id,
        livemode: row.livemode,
        handedOverAt: handedOver?.createdAt.toISOString() ?? null,
        photoUrl: row.deliveryProofKey ? photoUrl(delivery.id) : null,
        photoKey: row.deliveryProofKey,
      };
    },

    /**
     * Test mode: one move of the real lifecycle (delivery-lifecycle.ts), as the driver, the operator or the shipper
     * would make it, on a test delivery only: pickup and the road, the hand-over (no driver, so nothing is earned), a
     * failed attempt, a re-attempt (counted against its limit) or a return. Paying and cancelling have their own routes.
     */
    async advanceTest(scope: MerchantScope, publicId: string, to: DeliveryStatus): Promise<V1Delivery> {
      if (scope.livemode) throw new AppError('TEST_MODE_ONLY');
      const row = await find(scope, publicId);
      const move = findMove(row.status, to);
      if (!move || move.kind === 'pay' || move.kind === 'cancel') throw new AppError('INVALID_STATUS_TRANSITION', { params: { from: row.status, to } });
      if (move.kind === 'reattempt') {
        const { row: moved } = await service.decideAfterFailure(row, 'reattempt', 'customer');
        return toV1Delivery(moved);
      }
      const note = TEST_MOVE_NOTES[move.kind] ?? `test:${move.kind}`;
      const moved = await transactions.single(async ({ tx, emit }) => {
        const from = move.kind === 'return' ? AWAITING_DECISION_STATUSES : [row.status];
        const changed = await repository.moveStatus({ id: row.id }, from, to, note, new Date(), tx);
        // No receiver in the event: a test delivery's receiver is never sent a message.
        if (changed) emit({ type: 'delivery.status_changed', ...factsOf(changed.row) });
        return changed;
      });
      if (!moved) throw new AppError('CONFLICT');
      return toV1Delivery(moved.row);
    },
  };
}
export type MerchantDeliveries = ReturnType<typeof createMerchantDeliveries>;
