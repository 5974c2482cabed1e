import { AppError } from '../../lib/app-error.js';
import { createRateLimiter, type RateLimitStore } from '../../lib/rate-limit.js';
import type { Place } from '../../../shared/schemas/places.js';
import { createPlaceIndex, normalizePlaceText } from './place-search.js';
import type { GazetteerEntry } from './gazetteer.js';

/** How many close places an unknown or ambiguous name lists. */
const CLOSEST_MATCHES = 5;

/** What a typed place name or id stands for: one place, several of that name, or none (with the closest). */
export type PlaceIdentification =
  | { kind: 'found'; place: Place }
  | { kind: 'ambiguous'; matches: Place[] }
  | { kind: 'unknown'; matches: Place[] };

interface Deps {
  gazetteer: readonly GazetteerEntry[];
  rateLimitStore: RateLimitStore;
  searchesPerMinute: number;
}

/** The gazetteer, in memory: search for the booking form, lookups for quotes and addresses. No tables. */
export function createPlacesService({ gazetteer, rateLimitStore, searchesPerMinute }: Deps) {
  const index = createPlaceIndex(gazetteer);
  const limiter = createRateLimiter(rateLimitStore, { name: 'places:ip', limit: searchesPerMinute, windowMs: 60_000 });
  return {
    /** Public and typed into letter by letter: limited per client IP. */
    async search(query: string, clientIp: string): Promise<Place[]> {
      await limiter.consume(clientIp);
      return index.search(query);
    },

    find: index.find,

    /** A place by id, or LOCATION_NOT_FOUND naming the field it came in. */
    require(id: string, field: string): Place {
      const place = index.find(id);
      if (!place) throw new AppError('LOCATION_NOT_FOUND', { fields: { [field]: ['places.validation.placeUnknown'] } });
      return place;
    },

    resolveText: index.resolveText,

    /**
     * A place named in a file (bulk import): its id, or its exact name (diacritics and case aside), optionally
     * followed by ", <state>" to tell places of one name apart. Several of that name is ambiguous; none is unknown;
     * both list the closest places of the search. Not rate limited: the caller bounds its own work.
     */
    identify(text: string): PlaceIdentification {
      const byId = index.find(text.trim());
      if (byId) return { kind: 'found', place: byId };
      const comma = text.lastIndexOf(',');
      const name = comma > 0 ? text.slice(0, comma) : text;
      const state = comma > 0 ? normalizePlaceText(text.slice(comma + 1)) : '';
      const wanted = normalizePlaceText(name);
      const inState = (place: Place) => !state || normalizePlaceText(place.state) === state;
      const found = index.search(name).filter(inState);
      const named = found.filter((place) => normalizePlaceText(place.name) === wanted);
      // A town named like the area that holds it (Ikeja in Ikeja, Bauchi in Bauchi) is one place: the town.
      const exact = named.filter(
        (place) =>
          !named.some(
            (inner) =>
              inner !== place &&
              inner.state === place.state &&
              ((place.kind === 'state' && inner.kind !== 'state') || (place.kind === 'lga' && inner.lga === place.name && inner.kind !== 'lga')),
          ),
      );
      if (exact.length === 1) return { kind: 'found', place: exact[0]! };
      if (exact.length > 1) return { kind: 'ambiguous', matches: exact.slice(0, CLOSEST_MATCHES) };
      return { kind: 'unknown', matches: found.slice(0, CLOSEST_MATCHES) };
    },

    /** The nearest place of the gazetteer to a point (for a point given without a place). */
    nearest(lat: number, lng: number): Place {
      let best: Place | null = null;
      let bestDistance = Infinity;
      for (const entry of gazetteer) {
        // States and cities are too wide to name a point by.
        if (entry.kind === 'state' || entry.kind === 'city') continue;
        const distance = (entry.lat - lat) ** 2 + ((entry.lng - lng) * Math.cos((lat * Math.PI) / 180)) ** 2;
        if (distance < bestDistance) {
          bestDistance = distance;
          best = index.find(entry.id);
        }
      }
      return best!;
    },
  };
}
export type PlacesService = ReturnType<typeof createPlacesService>;
