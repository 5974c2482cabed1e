import { AppError } from '../../lib/app-error.js';
import { createRateLimiter, type RateLimitStore } from '../../lib/rate-limit.js';
import type { Place } from '../../../shared/schemas/places.js';
import { createPlaceIndex } from './place-search.js';
import type { GazetteerEntry } from './gazetteer.js';

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

    /** The nearest place of the gazetteer to a point (for a point given without a place). */
    nearest(lat: number, lng: number): Place {
      let best: Place | null = null;
      let bestDistance = Infinity;
      for (const entry of gazetteer) {
        if (entry.kind === 'state') continue;
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
