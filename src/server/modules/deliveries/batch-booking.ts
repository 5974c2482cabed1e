import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { deliveries } from '../../db/schema/index.js';
import type { Transaction, Transactions } from '../../db/transactions.js';
import type { Language } from '../../../shared/i18n.js';
import type { BookingBody } from '../../../shared/schemas/deliveries.js';
import type { PricedTrip } from '../quotes/quotes-service.js';
import type { DeliveriesRepository, DeliveryRow } from './deliveries-repository.js';
import { bookingValues, factsOf } from './deliveries-service.js';
import { generateTrackingId } from './tracking-id.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';

/** One delivery of a batch: its booking (places by id), its price, and how much of it sandbox money paid. */
export interface BatchBooking {
  body: BookingBody;
  quote: PricedTrip;
  receiverLanguage: Language;
  sandboxKobo: number;
  /** The merchant's own reference (unique per merchant and mode), or null. */
  externalReference: string | null;
}

/** Imported deliveries are prepaid: no pay on delivery. */
const PREPAID = { codAmountKobo: null, codFeeKobo: null, codReserveKobo: null } satisfies Partial<typeof deliveries.$inferInsert>;

/** Events are published this many deliveries at a time, so a batch's subscribers never flood the write lanes. */
const ANNOUNCE_CHUNK = 20;

/** Attempts at a batch's tracking ids before giving up: one of 30^8 ids already taken is rare, twice in a row rarer still. */
const TRACKING_ID_ATTEMPTS = 5;
const TRACKING_ID_CONSTRAINT = 'deliveries_tracking_id_key';

/** `count` distinct fresh tracking ids. */
function trackingIdsFor(count: number, newTrackingId: () => string): string[] {
  const ids = new Set<string>();
  while (ids.size < count) ids.add(newTrackingId());
  return [...ids];
}

/**
 * Many deliveries booked and paid from the wallet in the caller's transaction (bulk import, decision 055), in a
 * bounded number of statements whatever their count: the booking's insert for all of them (insertDeliveries, each row
 * as a single booking's), then the payment's mark for all of them (markPaidEach: delivery-statements' payable and
 * paid, so the same row change and first history event as every payment). The money is the caller's one posting
 * (WalletService.post), made before. Their events follow the commit, a few at a time (`announce`).
 */
export function createBatchBooking(deps: {
  db: Executor;
  transactions: Pick<Transactions, 'single'>;
  repository: Pick<DeliveriesRepository, 'insertDeliveries' | 'markPaidEach'>;
  /** Tests give one that collides. */
  newTrackingId?: () => string;
}) {
  const newTrackingId = deps.newTrackingId ?? generateTrackingId;
  return {
    /** Which of these references the user's live deliveries already have (deliveries_external_reference_key). */
    async takenReferences(userId: string, references: readonly string[]): Promise<Set<string>> {
      if (references.length === 0) return new Set();
      const rows = await deps.db
        .select({ reference: deliveries.externalReference })
        .from(deliveries)
        .where(and(eq(deliveries.userId, userId), eq(deliveries.livemode, true), inArray(deliveries.externalReference, [...references])));
      return new Set(rows.flatMap((row) => (row.reference === null ? [] : [row.reference])));
    },

    /** The deliveries booked and paid, in the order of `bookings`. */
    async bookPaid({ tx }: Transaction, userId: string, bookings: readonly BatchBooking[], at: Date): Promise<DeliveryRow[]> {
      if (bookings.length === 0) return [];
      const inserted = await deps.repository.insertDeliveries(
        bookings.map(({ body, quote, receiverLanguage, externalReference }) => ({
          userId,
          ...bookingValues(body, quote, receiverLanguage),
          ...PREPAID,
          // Booked on the web with real money: live.
          livemode: true,
          externalReference,
          createdAt: at,
          updatedAt: at,
        })),
        tx,
      );
      for (let attempt = 1; ; attempt++) {
        const trackingIds = trackingIdsFor(inserted.length, newTrackingId);
        const each = inserted.map((row, i) => ({
          deliveryId: row.id,
          amountKobo: bookings[i]!.quote.totalKobo,
          trackingId: trackingIds[i]!,
          sandboxKobo: bookings[i]!.sandboxKobo,
        }));
        try {
          // In a savepoint: a tracking id taken meanwhile undoes only the marks, which are tried again with new ids.
          const paid = await tx.transaction((savepoint) => deps.repository.markPaidEach(each, { paymentMethod: 'wallet', paidAt: at }, savepoint));
          // Inserted a moment ago in this transaction, awaiting payment at these prices: they cannot be anything else.
          if (paid.length !== inserted.length) throw new Error(`batch booking: ${inserted.length - paid.length} deliveries were not payable as inserted`);
          const byId = new Map(paid.map((row) => [row.id, row]));
          return inserted.map((row) => byId.get(row.id)!);
        } catch (error) {
          if (attempt >= TRACKING_ID_ATTEMPTS || !isUniqueViolation(error, TRACKING_ID_CONSTRAINT)) throw error;
        }
      }
    },

    /** After the commit: each delivery's created and paid events, as a single booking paid from the wallet has them. */
    async announce(rows: readonly DeliveryRow[]) {
      for (let start = 0; start < rows.length; start += ANNOUNCE_CHUNK) {
        await deps.transactions.single(async ({ emit }) => {
          for (const row of rows.slice(start, start + ANNOUNCE_CHUNK)) {
            emit({ type: 'delivery.created', ...factsOf(row) });
            emit({ type: 'delivery.paid', method: 'wallet', amountKobo: row.totalKobo, ...factsOf(row) });
          }
        });
      }
    },
  };
}
export type BatchBookingService = ReturnType<typeof createBatchBooking>;
