import type { DomainEvents } from '../../lib/domain-events.js';
import { DELIVERY_CHANGES } from '../deliveries/delivery-read-cache.js';
import { AppError } from '../../lib/app-error.js';
import { createRateLimiter, type RateLimitStore } from '../../lib/rate-limit.js';
import { normalizeTrackingId } from '../../../shared/ids.js';
import { FALLBACK_LANGUAGE, isLanguage } from '../../../shared/i18n.js';
import { DISPLAY_STATUS_OF, codPaymentStateOf, journeyStepsOf, timelineStates } from '../../../shared/schemas/deliveries.js';
import { PUBLIC_FIRST_STEPS, type PublicTracking } from '../../../shared/schemas/public-tracking.js';
import type { DeliveriesService, DeliveryEventRow, DeliveryRow } from '../deliveries/deliveries-service.js';
import { lastEventAt, trackedEstimateOf } from './tracking-service.js';

/**
 * The area of an address: its last comma-separated part ("12 Admiralty Way, Lekki, Lagos" → "Lagos"), with any
 * word holding a digit dropped (postcodes). An address without a comma is a street or a landmark as often as an
 * area, so it shows nothing (docs/decisions/036).
 */
export function areaOf(address: string): string | null {
  const parts = address.split(',').map((part) => part.trim()).filter(Boolean);
  if (parts.length < 2) return null;
  const area = parts
    .at(-1)!
    .split(/\s+/)
    .filter((word) => !/\d/.test(word))
    .join(' ');
  return area === '' ? null : area;
}

/** "Chinedu Eze" → "Chinedu E."; a single name stays as it is. */
export function maskedName(fullName: string): string {
  const [first = '', ...rest] = fullName.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${[...last][0]!.toUpperCase()}.` : first;
}

export function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}

/**
 * The public timeline: the owner's (journeyStepsOf, timelineStates) after booking and the driver's assignment; a
 * cancelled delivery keeps what it reached and ends with its cancellation. A failed attempt is a step with its time,
 * never its reason (decision 085).
 */
export function publicSteps(row: Pick<DeliveryRow, 'status'>, events: DeliveryEventRow[]): PublicTracking['steps'] {
  const keys = [...PUBLIC_FIRST_STEPS, ...journeyStepsOf(row.status, events.some((e) => e.status === 'failed_attempt'))];
  const states = timelineStates(keys, row.status, (key) => lastEventAt(events, key) !== null);
  if (row.status === 'cancelled') {
    return [
      ...states.filter(({ state }) => state !== 'pending').map(({ key }) => ({ key, state: 'completed' as const, at: lastEventAt(events, key) })),
      { key: 'cancelled', state: 'completed', at: lastEventAt(events, 'cancelled') },
    ];
  }
  return states.map(({ key, state }) => ({ key, state, at: state === 'pending' ? null : lastEventAt(events, key) }));
}

/**
 * Pay on delivery on the public page: whether the receiver has paid, so they can see their payment arrived or that
 * the hand-over waits for it; never the amount (decision 053). Nothing once the order is cancelled or going back.
 */
export function publicCodOf(row: Pick<DeliveryRow, 'status' | 'codAmountKobo' | 'codPaidAt'>): PublicTracking['cod'] {
  if (row.codAmountKobo === null) return null;
  const state = codPaymentStateOf(row.status, row.codPaidAt !== null);
  return state === null ? null : { paid: state === 'paid' };
}

/** Only what a receiver may see: no phone, no street, no full name (docs/decisions/036). */
export function toPublicTracking(row: DeliveryRow, events: DeliveryEventRow[]): PublicTracking {
  return {
    trackingId: row.trackingId!,
    status: row.status,
    displayStatus: DISPLAY_STATUS_OF[row.status],
    estimatedDelivery: trackedEstimateOf(row, events),
    language: isLanguage(row.receiverLanguage) ? row.receiverLanguage : FALLBACK_LANGUAGE,
    receiver: maskedName(row.receiverName),
    pickupArea: areaOf(row.pickupLocation),
    dropoffArea: areaOf(row.dropoffLocation),
    driver: row.driverName ? { firstName: firstNameOf(row.driverName) } : null,
    cod: publicCodOf(row),
    steps: publicSteps(row, events),
  };
}

interface Options {
  deliveries: Pick<DeliveriesService, 'findByTrackingIdForPublic'>;
  rateLimitStore: RateLimitStore;
  /** Lookups per minute from one client IP, found or not (against enumeration). */
  lookupsPerMinute: number;
  /** How long a cached answer may be served should an invalidation be lost (another instance's, say). */
  maxAgeMs?: number;
  maxEntries?: number;
  now?: () => number;
}

/**
 * Public lookups by tracking id, rate-limited per client IP. Answers are kept in memory per tracking id and dropped
 * by `invalidate` after every committed write to the delivery (`subscribe`: the delivery events), so a receiver refreshing the page costs no database round trip.
 */
export function createPublicTrackingService(options: Options) {
  const { deliveries, maxAgeMs = 30_000, maxEntries = 5_000, now = Date.now } = options;
  const limiter = createRateLimiter(options.rateLimitStore, {
    name: 'track:ip',
    limit: options.lookupsPerMinute,
    windowMs: 60_000,
  });
  const cache = new Map<string, { view: PublicTracking; storedAt: number }>();
  // Bumped by every invalidation: a lookup that raced a write does not cache what the write replaced.
  let generation = 0;

  async function load(trackingId: string): Promise<PublicTracking | null> {
    const hit = cache.get(trackingId);
    if (hit && now() - hit.storedAt <= maxAgeMs) return hit.view;
    const startedAt = generation;
    const found = await deliveries.findByTrackingIdForPublic(trackingId);
    if (!found?.delivery.trackingId) return null;
    const view = toPublicTracking(found.delivery, found.events);
    if (generation === startedAt) {
      cache.delete(trackingId);
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(trackingId, { view, storedAt: now() });
    }
    return view;
  }

  return {
    /** TRACKING_NOT_FOUND for an unknown or malformed id; RATE_LIMITED past the client's budget. */
    async track(rawTrackingId: string, clientIp: string): Promise<PublicTracking> {
      await limiter.consume(clientIp);
      const trackingId = normalizeTrackingId(rawTrackingId);
      const view = trackingId ? await load(trackingId) : null;
      if (!view) throw new AppError('TRACKING_NOT_FOUND');
      return view;
    },

    invalidate(trackingId: string | null) {
      generation += 1;
      if (trackingId) cache.delete(trackingId);
    },

    /** Forgets a delivery's page whenever it changes, whichever instance changed it. */
    subscribe(events: Pick<DomainEvents, 'onEveryInstance'>) {
      for (const type of DELIVERY_CHANGES) {
        events.onEveryInstance(type, (event) => {
          generation += 1;
          if (event.trackingId) cache.delete(event.trackingId);
        });
      }
    },
  };
}
export type PublicTrackingService = ReturnType<typeof createPublicTrackingService>;
