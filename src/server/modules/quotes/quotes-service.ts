import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isInServiceArea } from '../../../shared/geo.js';
import { estimateDeliveryWindow, scheduleProblem } from '../../../shared/eta.js';
import { codTermsOf, modeUnavailability, priceTrip, tripOf, type RateCard } from '../../../shared/pricing.js';
import { BOOKING_MESSAGE_KEYS, SCHEDULE_PROBLEM_FIELDS, type PackageType, type PackageWeight, type TransportMode, type DeliveryType, type DeliveryTime, type CollectOnDelivery } from '../../../shared/schemas/deliveries.js';
import { BOOKING_DAYS_AHEAD } from '../../../shared/rule-limits.js';
import {
  PLACE_MESSAGE_KEYS,
  describeLocation,
  sameLocationInput,
  type LocationInput,
  type ResolvedLocation,
} from '../../../shared/schemas/places.js';
import { QUOTE_TTL_MS, UNAVAILABLE_MESSAGE_KEYS, type Quote, type QuoteBody } from '../../../shared/schemas/quotes.js';
import type { AddressesService } from '../addresses/addresses-service.js';
import type { PlacesService } from '../places/places-service.js';
import type { QuoteRow, QuotesRepository } from './quotes-repository.js';
import { checkCollectOnDelivery } from './collect-on-delivery.js';

export type { QuoteRow } from './quotes-repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

const lagosDay = (at: Date) => new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);

/** A trip priced and held until `expiresAt`: a stored quote (with its id), or one a booking made for itself (none). */
export type PricedTrip = Omit<QuoteRow, 'id' | 'userId' | 'usedAt' | 'rateCardVersion' | 'livemode'> & { id: string | null };

/** Where and what: a trip to price, its two ends already found. */
export interface QuoteRequest {
  pickup: ResolvedLocation;
  dropoff: ResolvedLocation;
  packageType: PackageType;
  packageWeight: PackageWeight;
  transportMode: TransportMode;
  deliveryType: DeliveryType;
  deliveryTime: DeliveryTime;
  deliveryDate: string;
}

type Side = 'pickup' | 'dropoff';

interface Deps {
  repository: QuotesRepository;
  places: Pick<PlacesService, 'require' | 'nearest' | 'resolveText'>;
  addresses: Pick<AddressesService, 'findOwned'>;
  rateCard: RateCard;
  now?: () => Date;
}

export function toQuote(row: QuoteRow, rateCard: RateCard, startAt: Date, collectOnDelivery?: CollectOnDelivery): Quote {
  const window = estimateDeliveryWindow(rateCard, {
    distanceMeters: row.distanceMeters,
    interstate: row.interstate,
    transportMode: row.transportMode as TransportMode,
    deliveryType: row.deliveryType as DeliveryType,
    deliveryDate: row.deliveryDate,
    deliveryTime: row.deliveryTime as DeliveryTime,
    startAt,
  });
  return {
    id: row.id,
    expiresAt: row.expiresAt.toISOString(),
    distanceMeters: row.distanceMeters,
    interstate: row.interstate,
    price: { baseFare: row.baseFareKobo, distanceFee: row.distanceFeeKobo, serviceFee: row.serviceFeeKobo, total: row.totalKobo },
    estimatedDelivery: { from: window.from.toISOString(), to: window.to.toISOString() },
    pickup: describeLocation(row.pickup),
    dropoff: describeLocation(row.dropoff),
    cod: collectOnDelivery ? codTermsOf(rateCard, row.totalKobo, collectOnDelivery.amountKobo) : null,
  };
}

/** Quotes kept in memory after they are made (each about 1 KB): a quarter of an hour's at 10 a second. */
const RECENT_QUOTES = 10_000;

const modeName = (livemode: boolean) => (livemode ? 'live' : 'test');

/** A quote a booking may use at `at`: the user's own, of the booking's mode, not used yet, not expired. */
function assertUsable(row: QuoteRow | null, userId: string, livemode: boolean, at: Date): asserts row is QuoteRow {
  if (!row || row.userId !== userId) throw new AppError('QUOTE_NOT_FOUND');
  if (row.livemode !== livemode) {
    throw new AppError('QUOTE_MODE_MISMATCH', { params: { quoteMode: modeName(row.livemode), keyMode: modeName(livemode) } });
  }
  if (row.usedAt) throw new AppError('QUOTE_USED');
  if (row.expiresAt <= at) throw new AppError('QUOTE_EXPIRED');
}

/** Prices trips with the rate card and holds each price for 15 minutes, for one booking (decision 043). */
export function createQuotesService({ repository, places, addresses, rateCard, now = () => new Date() }: Deps) {
  function pointOf(side: Side, lat: number, lng: number, line: string, directions: string | null): ResolvedLocation {
    if (!isInServiceArea({ lat, lng })) {
      throw new AppError('OUTSIDE_SERVICE_AREA', { fields: { [`${side}.lat`]: [PLACE_MESSAGE_KEYS.coordinates] } });
    }
    const nearest = places.nearest(lat, lng);
    return { line, directions, placeId: null, placeName: nearest.name, lat, lng, lga: nearest.lga, state: nearest.state };
  }

  /** One end of a trip: a saved address, a place and a line, or a point and a line. */
  async function resolveLocation(userId: string, side: Side, input: LocationInput): Promise<ResolvedLocation> {
    const directions = input.directions ? input.directions : null;
    if (input.addressId !== undefined) {
      const address = await addresses.findOwned(userId, input.addressId).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'ADDRESS_NOT_FOUND') {
          throw new AppError('LOCATION_NOT_FOUND', { fields: { [`${side}.addressId`]: [PLACE_MESSAGE_KEYS.addressUnknown] } });
        }
        throw error;
      });
      return {
        line: address.line,
        directions: directions ?? address.directions,
        placeId: address.placeId,
        placeName: address.placeId ? (places.require(address.placeId, `${side}.addressId`).name) : null,
        lat: address.lat,
        lng: address.lng,
        lga: address.lga,
        state: address.state,
      };
    }
    const line = input.line ?? '';
    if (input.placeId !== undefined) {
      const place = places.require(input.placeId, `${side}.placeId`);
      return { line, directions, placeId: place.id, placeName: place.name, lat: place.lat, lng: place.lng, lga: place.lga, state: place.state };
    }
    return pointOf(side, input.lat!, input.lng!, line, directions);
  }

  /** A typed address ("12 Marina Road, Lagos Island") at the gazetteer place it names. */
  function resolveText(field: 'pickupLocation' | 'dropoffLocation', text: string): ResolvedLocation {
    const place = places.resolveText(text);
    if (!place) throw new AppError('LOCATION_NOT_FOUND', { fields: { [field]: [PLACE_MESSAGE_KEYS.locationText] } });
    return { line: text, directions: null, placeId: place.id, placeName: place.name, lat: place.lat, lng: place.lng, lga: place.lga, state: place.state };
  }

  function assertDeliveryDate(date: string, at: Date) {
    const key =
      date < lagosDay(at) ? BOOKING_MESSAGE_KEYS.deliveryDateInvalid
      : date > lagosDay(new Date(at.getTime() + BOOKING_DAYS_AHEAD * DAY_MS)) ? BOOKING_MESSAGE_KEYS.deliveryDateTooFar
      : null;
    if (key) throw new AppError('DELIVERY_DATE_OUT_OF_RANGE', { params: { days: BOOKING_DAYS_AHEAD }, fields: { deliveryDate: [key] } });
  }

  /**
   * Prices a trip with the rate card, held until 15 minutes from now: refuses a date out of range and a mode that
   * cannot take it (422 MODE_NOT_AVAILABLE), and a slot it can no longer keep (422 DELIVERY_SCHEDULE_UNAVAILABLE).
   * Stores nothing.
   */
  function priceRequest(request: QuoteRequest): PricedTrip {
    const at = now();
    assertDeliveryDate(request.deliveryDate, at);
    const trip = tripOf(rateCard, request);
    const unavailable = modeUnavailability(rateCard, trip, request.transportMode, request.deliveryType);
    if (unavailable) {
      throw new AppError('MODE_NOT_AVAILABLE', {
        params: { mode: request.transportMode, reason: unavailable.reason, maxKm: unavailable.maxKm },
        fields: { transportMode: [UNAVAILABLE_MESSAGE_KEYS[unavailable.reason]] },
      });
    }
    const problem = scheduleProblem(rateCard, { ...trip, ...request, startAt: at });
    if (problem) {
      const { field, key } = SCHEDULE_PROBLEM_FIELDS[problem];
      throw new AppError('DELIVERY_SCHEDULE_UNAVAILABLE', { params: { reason: problem }, fields: { [field]: [key] } });
    }
    const price = priceTrip(rateCard, trip, request);
    return {
      id: null,
      pickup: request.pickup,
      dropoff: request.dropoff,
      packageType: request.packageType,
      packageWeight: request.packageWeight,
      transportMode: request.transportMode,
      deliveryType: request.deliveryType,
      deliveryTime: request.deliveryTime,
      deliveryDate: request.deliveryDate,
      distanceMeters: trip.distanceMeters,
      interstate: trip.interstate,
      baseFareKobo: price.baseFare,
      distanceFeeKobo: price.distanceFee,
      serviceFeeKobo: price.serviceFee,
      totalKobo: price.total,
      createdAt: at,
      expiresAt: new Date(at.getTime() + QUOTE_TTL_MS),
    };
  }

  /**
   * The quotes this instance made lately, as made: a booking usually follows its quote within seconds, on the same
   * instance, so its read of the quote is saved. A quote's terms never change; whether it is still unused is decided
   * by the booking's own statement (quoteClaimCte), never by this copy.
   */
  const recent = new Map<string, QuoteRow>();

  /** Prices the trip and stores the quote, for a booking of the same mode to use once before it expires. */
  async function createQuote(userId: string, request: QuoteRequest, livemode: boolean): Promise<QuoteRow> {
    const { id: _unsaved, ...priced } = priceRequest(request);
    const row = await repository.insert({ ...priced, userId, rateCardVersion: rateCard.version, livemode });
    if (recent.size >= RECENT_QUOTES) recent.delete(recent.keys().next().value!);
    recent.set(row.id, row);
    return row;
  }

  return {
    rateCard,
    resolveLocation,
    resolveText,
    /** A booking that brings no quote is priced the same way, at once, with nothing stored: it is its own quote. */
    priceRequest,

    /** POST /api/quotes (live) and POST /api/v1/quotes (the key's mode): the quote books in that mode only. */
    async quote(userId: string, body: QuoteBody, livemode: boolean): Promise<Quote> {
      if (sameLocationInput(body.pickup, body.dropoff)) {
        throw new AppError('SAME_PICKUP_AND_DROPOFF', { fields: { dropoff: [PLACE_MESSAGE_KEYS.samePlace] } });
      }
      const [pickup, dropoff] = await Promise.all([
        resolveLocation(userId, 'pickup', body.pickup),
        resolveLocation(userId, 'dropoff', body.dropoff),
      ]);
      const { collectOnDelivery, ...options } = body;
      const cod = checkCollectOnDelivery(collectOnDelivery);
      const row = await createQuote(userId, { ...options, pickup, dropoff }, livemode);
      return toQuote(row, rateCard, row.createdAt, cod);
    },

    /**
     * The user's quote, if a booking of this mode may use it now: the instant judged goes with it, for the booking's
     * statement to use the quote up at (quoteClaimCte); a quote's mode never changes, so that statement need not
     * judge it again. Another user's quote is not found (it would reveal that it exists).
     */
    async usable(userId: string, quoteId: string, livemode: boolean): Promise<{ quote: QuoteRow; at: Date }> {
      const at = now();
      const quote = recent.get(quoteId) ?? (await repository.find(quoteId));
      assertUsable(quote, userId, livemode, at);
      recent.delete(quoteId);
      return { quote, at };
    },

    /** Why a quote judged usable was not used up after all (another booking took it first, or it just expired). */
    async whyUnusable(userId: string, quoteId: string, livemode: boolean): Promise<never> {
      assertUsable(await repository.find(quoteId), userId, livemode, now());
      throw new AppError('QUOTE_EXPIRED');
    },

    /** Uses the user's quote for a booking of its mode, in the booking's transaction: once only, and before it expires. */
    async claim(userId: string, quoteId: string, livemode: boolean, tx?: Executor): Promise<QuoteRow> {
      const at = now();
      const claimed = await repository.markUsed(userId, quoteId, livemode, at, tx);
      if (claimed) return claimed;
      assertUsable(await repository.find(quoteId, tx), userId, livemode, at);
      throw new AppError('QUOTE_EXPIRED');
    },

    /** Drops quotes expired for a day: a booking copied what it needed. */
    sweepExpired: () => repository.deleteExpired(new Date(now().getTime() - DAY_MS)),
  };
}
export type QuotesService = ReturnType<typeof createQuotesService>;
