import { z } from 'zod';
import { ADDRESS_LABEL_MAX, CONTACT_NAME_MAX, PLACE_DIRECTIONS_MAX, PLACE_LINE_MAX, PLACES_QUERY_MAX } from '../rule-limits.js';

export const PLACE_KINDS = ['state', 'city', 'lga', 'area', 'landmark'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];

/** The most places one search returns. */
export const PLACES_SEARCH_LIMIT = 20;

/** i18n keys of the messages about places, addresses and locations; the server's catalogue holds their English. */
export const PLACE_MESSAGE_KEYS = {
  query: 'places.validation.query',
  placeUnknown: 'places.validation.placeUnknown',
  addressUnknown: 'places.validation.addressUnknown',
  locationText: 'places.validation.locationText',
  line: 'places.validation.line',
  lineTooLong: 'places.validation.lineTooLong',
  directionsTooLong: 'places.validation.directionsTooLong',
  label: 'places.validation.label',
  labelTooLong: 'places.validation.labelTooLong',
  contactName: 'places.validation.contactName',
  contactPhone: 'places.validation.contactPhone',
  coordinates: 'places.validation.coordinates',
  samePlace: 'places.validation.samePlace',
  location: 'places.validation.location',
  quoteId: 'places.validation.quoteId',
} as const;

export const placeSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(PLACE_KINDS),
  /** The local government area; null for a state and for a city, which spans several. */
  lga: z.string().nullable(),
  state: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type Place = z.infer<typeof placeSchema>;

export const placesQuerySchema = z.object({
  q: z
    .string({ error: PLACE_MESSAGE_KEYS.query })
    .trim()
    .min(1, PLACE_MESSAGE_KEYS.query)
    .max(PLACES_QUERY_MAX, PLACE_MESSAGE_KEYS.query),
});

export const placesResultSchema = z.object({ items: z.array(placeSchema) });

const line = z
  .string({ error: PLACE_MESSAGE_KEYS.line })
  .trim()
  .min(1, PLACE_MESSAGE_KEYS.line)
  .max(PLACE_LINE_MAX, PLACE_MESSAGE_KEYS.lineTooLong);
const directions = z.string().trim().max(PLACE_DIRECTIONS_MAX, PLACE_MESSAGE_KEYS.directionsTooLong);
const latitude = z.number({ error: PLACE_MESSAGE_KEYS.coordinates }).min(-90, PLACE_MESSAGE_KEYS.coordinates).max(90, PLACE_MESSAGE_KEYS.coordinates);
const longitude = z.number({ error: PLACE_MESSAGE_KEYS.coordinates }).min(-180, PLACE_MESSAGE_KEYS.coordinates).max(180, PLACE_MESSAGE_KEYS.coordinates);
const placeId = z.string({ error: PLACE_MESSAGE_KEYS.placeUnknown }).trim().min(1, PLACE_MESSAGE_KEYS.placeUnknown).max(120, PLACE_MESSAGE_KEYS.placeUnknown);

const locationInputShape = {
  addressId: z.uuid({ error: PLACE_MESSAGE_KEYS.addressUnknown }).optional(),
  placeId: placeId.optional(),
  lat: latitude.optional(),
  lng: longitude.optional(),
  line: line.optional(),
  directions: directions.optional(),
};

/** Exactly one way of saying where, a street unless it is a saved address, and both coordinates or neither. */
function checkLocation(value: z.output<z.ZodObject<typeof locationInputShape>>, ctx: z.RefinementCtx) {
  // It runs even when the value is not an object at all (see below); the type error is reported already.
  if (typeof value !== 'object' || value === null) return;
  const ways = [value.addressId !== undefined, value.placeId !== undefined, value.lat !== undefined || value.lng !== undefined];
  if (ways.filter(Boolean).length !== 1) {
    ctx.addIssue({ code: 'custom', path: [], message: PLACE_MESSAGE_KEYS.location });
    return;
  }
  if (value.addressId === undefined && value.line === undefined) {
    ctx.addIssue({ code: 'custom', path: ['line'], message: PLACE_MESSAGE_KEYS.line });
  }
  if ((value.lat === undefined) !== (value.lng === undefined)) {
    ctx.addIssue({ code: 'custom', path: [value.lat === undefined ? 'lat' : 'lng'], message: PLACE_MESSAGE_KEYS.coordinates });
  }
}
/** The rule runs even when a field failed (zod skips it then by default), so every message comes at once. */
const EVEN_AFTER_FIELD_ERRORS = { when: () => true };

/**
 * A pickup or a dropoff: a saved address, a place of the gazetteer plus the street, or a point in Nigeria plus the
 * street. One object whose fields say which (a union's errors would name no field).
 */
export const locationInputSchema = z.object(locationInputShape).superRefine(checkLocation, EVEN_AFTER_FIELD_ERRORS);
/** The same for the merchant API, where an unknown field is refused by name. */
export const strictLocationInputSchema = z.strictObject(locationInputShape).superRefine(checkLocation, EVEN_AFTER_FIELD_ERRORS);
export type LocationInput = z.infer<typeof locationInputSchema>;

/** Same input twice: one place, not a trip. */
export function sameLocationInput(a: LocationInput, b: LocationInput): boolean {
  const key = (l: LocationInput) =>
    l.addressId !== undefined
      ? `address:${l.addressId}`
      : `${l.placeId ?? `${l.lat},${l.lng}`}|${(l.line ?? '').trim().toLowerCase()}`;
  return key(a) === key(b);
}

/** A location as stored and shown: where it is, and what the driver reads. */
export const resolvedLocationSchema = z.object({
  line: z.string(),
  directions: z.string().nullable(),
  placeId: z.string().nullable(),
  placeName: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  lga: z.string().nullable(),
  state: z.string(),
});
export type ResolvedLocation = z.infer<typeof resolvedLocationSchema>;

/** "12 Allen Avenue, Ikeja, Lagos": the line, then the place and the state where they add something. */
export function describeLocation(location: Pick<ResolvedLocation, 'line' | 'placeName' | 'state'>): string {
  const parts = [location.line];
  for (const part of [location.placeName, location.state]) {
    if (part && !parts.some((p) => p.toLowerCase().includes(part.toLowerCase()))) parts.push(part);
  }
  return parts.join(', ').slice(0, 200);
}

// The address book.

export const ADDRESS_BOOK_LIMIT = 100;

export const addressBodySchema = z.object({
  label: z.string({ error: PLACE_MESSAGE_KEYS.label }).trim().min(1, PLACE_MESSAGE_KEYS.label).max(ADDRESS_LABEL_MAX, PLACE_MESSAGE_KEYS.labelTooLong),
  line,
  directions: directions.optional(),
  placeId: placeId.optional(),
  lat: latitude.optional(),
  lng: longitude.optional(),
  contactName: z.string().trim().max(CONTACT_NAME_MAX, PLACE_MESSAGE_KEYS.contactName).optional(),
  contactPhone: z
    .string()
    .trim()
    .max(24, PLACE_MESSAGE_KEYS.contactPhone)
    .regex(/^(\+?[\d\s()-]{7,24})?$/, PLACE_MESSAGE_KEYS.contactPhone)
    .optional(),
});
export type AddressBody = z.infer<typeof addressBodySchema>;

export const addressPatchSchema = addressBodySchema.partial();
export type AddressPatch = z.infer<typeof addressPatchSchema>;

export const addressSchema = z.object({
  id: z.string(),
  label: z.string(),
  line: z.string(),
  directions: z.string().nullable(),
  placeId: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  lga: z.string().nullable(),
  state: z.string(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressListSchema = z.object({ items: z.array(addressSchema) });
export const addressIdParamsSchema = z.object({ id: z.uuid({ error: PLACE_MESSAGE_KEYS.addressUnknown }) });
