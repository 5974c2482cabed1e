import { z } from 'zod';
import type { Point } from '@/shared/geo';
import { tripOf, type RateCard, type Trip } from '@/shared/pricing';
import { slotHasEnded } from '@/shared/eta';
import {
  BOOKING_FIELDS,
  BOOKING_MESSAGE_KEYS,
  bookingFormSchema,
  bookingOptionsShape,
  type BookingBody,
  type Delivery,
} from '@/shared/schemas/deliveries';
import { BOOKING_DAYS_AHEAD } from '@/shared/rule-limits';
import {
  addressSchema,
  describeLocation,
  locationInputSchema,
  PLACE_MESSAGE_KEYS,
  placeSchema,
  sameLocationInput,
  type AddressBody,
  type LocationInput,
} from '@/shared/schemas/places';
import { codAmountKoboOf } from './cod';

export type Side = 'pickup' | 'dropoff';

/** What a location picker holds: a place of the gazetteer, a saved address, or the text of a booking as booked. */
export const locationChoiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('place'), place: placeSchema }),
  z.object({ kind: z.literal('address'), address: addressSchema }),
  // An unpaid booking opened without the places it was made from: its text, as the server described it.
  z.object({ kind: z.literal('booked'), text: z.string() }),
]);
export type LocationChoice = z.infer<typeof locationChoiceSchema>;

export interface LocationValue {
  choice: LocationChoice | null;
  /** Street and house number. */
  line: string;
  directions: string;
  /** Save the chosen place with this street to the address book once the booking is saved. */
  save: boolean;
}

export const EMPTY_LOCATION: LocationValue = { choice: null, line: '', directions: '', save: false };

/** The location the form sends, before the shared schema trims and checks it; null for a booking's text. */
function rawLocationInput({ choice, line, directions }: LocationValue): Record<string, unknown> | null {
  if (!choice || choice.kind === 'booked') return null;
  const given = { line, directions: directions.trim() === '' ? undefined : directions };
  if (choice.kind === 'place') return { placeId: choice.place.id, ...given };
  const { address } = choice;
  // The saved address as it is; once its street or directions are edited, the place (or point) with the new words.
  if (line.trim() === address.line && directions.trim() === (address.directions ?? ''))
    return { addressId: address.id };
  return address.placeId ? { placeId: address.placeId, ...given } : { lat: address.lat, lng: address.lng, ...given };
}

/** The pickup or dropoff for POST /book-delivery, checked by the shared schema; null when only text is known. */
export function toLocationInput(value: LocationValue): LocationInput | null {
  const raw = rawLocationInput(value);
  if (!raw) return null;
  const parsed = locationInputSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The readable text the booking also carries: "12 Allen Avenue, Ikeja City Mall, Lagos". */
export function locationText({ choice, line }: LocationValue): string {
  if (!choice) return '';
  if (choice.kind === 'booked') return choice.text;
  const trimmed = line.trim();
  if (choice.kind === 'place')
    return describeLocation({ line: trimmed, placeName: choice.place.name, state: choice.place.state });
  return describeLocation({ line: trimmed, placeName: choice.address.lga, state: choice.address.state });
}

/** Where a choice is, when the form knows it (a booking's text has no coordinates here). */
export function pointOf(choice: LocationChoice | null): (Point & { state: string }) | null {
  if (!choice || choice.kind === 'booked') return null;
  const { lat, lng, state } = choice.kind === 'place' ? choice.place : choice.address;
  return { lat, lng, state };
}

/**
 * The trip the form prices: measured from the two places, or, while both ends are still the booking's own,
 * the distance the server measured for it.
 */
export function tripOfLocations(
  rateCard: RateCard,
  pickup: LocationValue,
  dropoff: LocationValue,
  bookedTrip: Trip | null,
): Trip | null {
  const from = pointOf(pickup.choice);
  const to = pointOf(dropoff.choice);
  if (from && to) return tripOf(rateCard, { pickup: from, dropoff: to });
  if (pickup.choice?.kind === 'booked' && dropoff.choice?.kind === 'booked') return bookedTrip;
  return null;
}

/** The trip of a saved booking, when the server measured it (bookings made before places were measured: null). */
export function bookedTripOf(delivery: Pick<Delivery, 'distanceMeters' | 'interstate'> | undefined): Trip | null {
  if (!delivery || delivery.distanceMeters === null) return null;
  return { distanceMeters: delivery.distanceMeters, interstate: delivery.interstate ?? false };
}

// Delivery dates: the server counts days in Lagos time (WAT, UTC+1 all year), so the form does too.

const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD in Lagos, `days` after `at`. */
export function lagosIsoDate(at: Date = new Date(), days = 0): string {
  return new Date(at.getTime() + LAGOS_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}

/** The range the date input offers and the form accepts: today to 30 days ahead. */
export function deliveryDateRange(at: Date = new Date()) {
  return { min: lagosIsoDate(at), max: lagosIsoDate(at, BOOKING_DAYS_AHEAD) };
}

// The form's schema: the shared schemas' fields and messages, with the two pickers in place of the two texts.

function locationValueSchema(requiredKey: string) {
  return z
    .object({ choice: locationChoiceSchema.nullable(), line: z.string(), directions: z.string(), save: z.boolean() })
    .superRefine((value, ctx) => {
      if (!value.choice) {
        ctx.addIssue({ code: 'custom', path: ['choice'], message: requiredKey });
        return;
      }
      const raw = rawLocationInput(value);
      if (!raw) return;
      const parsed = locationInputSchema.safeParse(raw);
      if (parsed.success) return;
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        ctx.addIssue({
          code: 'custom',
          path: [field === 'line' || field === 'directions' ? field : 'choice'],
          message: issue.message,
        });
      }
    });
}

export const bookingFormValuesSchema = z
  .object({
    receiverName: bookingFormSchema.shape.receiverName,
    receiverPhone: bookingFormSchema.shape.receiverPhone,
    receiverLanguage: bookingFormSchema.shape.receiverLanguage,
    pickup: locationValueSchema(BOOKING_MESSAGE_KEYS.pickupLocation),
    dropoff: locationValueSchema(BOOKING_MESSAGE_KEYS.dropoffLocation),
    ...bookingOptionsShape,
    description: bookingFormSchema.shape.description,
    /** Pay on delivery (decision 053): the switch, and the amount to collect as typed naira. */
    payOnDelivery: z.boolean().optional(),
    codAmount: z.string().optional(),
  })
  .superRefine(
    (values, ctx) => {
      if (values.payOnDelivery && codAmountKoboOf(values.codAmount ?? '') === null) {
        ctx.addIssue({ code: 'custom', path: ['codAmount'], message: BOOKING_MESSAGE_KEYS.codAmount });
      }
      const pickup = values.pickup && toLocationInput(values.pickup);
      const dropoff = values.dropoff && toLocationInput(values.dropoff);
      if (pickup && dropoff && sameLocationInput(pickup, dropoff)) {
        ctx.addIssue({ code: 'custom', path: ['dropoff', 'choice'], message: PLACE_MESSAGE_KEYS.samePlace });
      }
      const { min, max } = deliveryDateRange();
      const date = values.deliveryDate;
      if (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date)) {
        if (date < min)
          ctx.addIssue({ code: 'custom', path: ['deliveryDate'], message: BOOKING_MESSAGE_KEYS.deliveryDateInvalid });
        else if (date > max)
          ctx.addIssue({ code: 'custom', path: ['deliveryDate'], message: BOOKING_MESSAGE_KEYS.deliveryDateTooFar });
        else if (values.deliveryTime && slotHasEnded(date, values.deliveryTime, new Date()))
          ctx.addIssue({ code: 'custom', path: ['deliveryTime'], message: BOOKING_MESSAGE_KEYS.deliveryTimeEnded });
      }
    },
    // Checked with the other fields' errors, not after them (as the shared booking schema does).
    { when: () => true } as never,
  );

export type BookingFormInput = z.input<typeof bookingFormValuesSchema>;
export type BookingFormValues = z.output<typeof bookingFormValuesSchema>;

/** The form's top-level fields in the spec's order (the order the first error is toasted in). */
export const FORM_FIELD_ORDER = [
  ...BOOKING_FIELDS.map((name) =>
    name === 'pickupLocation' ? 'pickup' : name === 'dropoffLocation' ? 'dropoff' : name,
  ),
  'codAmount',
] as readonly (keyof BookingFormValues)[];

/** POST /book-delivery's body: the places exactly, plus the readable text of each. */
export function bookingBodyOf(values: BookingFormValues): BookingBody {
  const { pickup, dropoff, description, payOnDelivery, codAmount, ...rest } = values;
  const pickupInput = toLocationInput(pickup);
  const dropoffInput = toLocationInput(dropoff);
  const codAmountKobo = payOnDelivery ? codAmountKoboOf(codAmount ?? '') : null;
  return {
    ...rest,
    ...(codAmountKobo !== null ? { collectOnDelivery: { amountKobo: codAmountKobo } } : {}),
    description: description ? description : undefined,
    ...(pickupInput ? { pickup: pickupInput } : {}),
    ...(dropoffInput ? { dropoff: dropoffInput } : {}),
    pickupLocation: locationText(pickup),
    dropoffLocation: locationText(dropoff),
  };
}

/** The address-book entry a ticked "Save this address" makes, or null when there is nothing new to save. */
export function addressBodyOf(value: LocationValue): AddressBody | null {
  if (!value.save || value.choice?.kind !== 'place') return null;
  const line = value.line.trim();
  const directions = value.directions.trim();
  return {
    label: (value.choice.place.name || line).slice(0, 60),
    line,
    ...(directions ? { directions } : {}),
    placeId: value.choice.place.id,
  };
}

/** Which picker a server field belongs to: `pickup.line` is the street, any other `pickup…` the place. */
export function formFieldOfServerField(field: string): string | null {
  if (/^collectOnDelivery(\.|$)/.test(field)) return 'codAmount';
  const match = /^(pickup|dropoff)(Location)?(?:\.(\w+))?$/.exec(field);
  if (match) {
    const part = match[3];
    return `${match[1]}.${part === 'line' || part === 'directions' ? part : 'choice'}`;
  }
  return (FORM_FIELD_ORDER as readonly string[]).includes(field) ? field : null;
}

// The places of a booking travel with the flow (form → preview → payment → back to the form) in the history
// entry's state: the server keeps the booking's text and coordinates, not the picker's choice.

const storedLocationSchema = z.object({ choice: locationChoiceSchema, line: z.string(), directions: z.string() });

export const bookingLocationsSchema = z.object({
  deliveryId: z.string(),
  /** The booking's texts when the state was written: an edit made elsewhere since makes the state stale. */
  pickupText: z.string(),
  dropoffText: z.string(),
  pickup: storedLocationSchema,
  dropoff: storedLocationSchema,
});
export type BookingLocations = z.infer<typeof bookingLocationsSchema>;

const flowStateSchema = z.object({ bookingLocations: bookingLocationsSchema });

export function flowStateOf(locations: BookingLocations | null) {
  return locations ? { bookingLocations: locations } : undefined;
}

/** The places a history entry carries for this booking, when they still describe it. */
export function bookingLocationsFor(
  state: unknown,
  delivery: Pick<Delivery, 'id' | 'pickupLocation' | 'dropoffLocation'>,
): BookingLocations | null {
  const parsed = flowStateSchema.safeParse(state);
  if (!parsed.success) return null;
  const locations = parsed.data.bookingLocations;
  const isCurrent =
    locations.deliveryId === delivery.id &&
    locations.pickupText === delivery.pickupLocation &&
    locations.dropoffText === delivery.dropoffLocation;
  return isCurrent ? locations : null;
}

/** What the flow carries after a save: the choices, tied to the saved booking's texts. */
export function bookingLocationsOf(
  values: Pick<BookingFormValues, 'pickup' | 'dropoff'>,
  delivery: Delivery,
): BookingLocations | null {
  const { pickup, dropoff } = values;
  if (!pickup.choice || !dropoff.choice) return null;
  return {
    deliveryId: delivery.id,
    pickupText: delivery.pickupLocation,
    dropoffText: delivery.dropoffLocation,
    pickup: { choice: pickup.choice, line: pickup.line, directions: pickup.directions },
    dropoff: { choice: dropoff.choice, line: dropoff.line, directions: dropoff.directions },
  };
}

/** The pickers' values for an unpaid booking: its places when the flow carried them, else its texts. */
export function locationValuesOf(
  delivery: Delivery,
  locations: BookingLocations | null,
): { pickup: LocationValue; dropoff: LocationValue } {
  if (locations) {
    return { pickup: { ...locations.pickup, save: false }, dropoff: { ...locations.dropoff, save: false } };
  }
  return {
    pickup: { ...EMPTY_LOCATION, choice: { kind: 'booked', text: delivery.pickupLocation } },
    dropoff: { ...EMPTY_LOCATION, choice: { kind: 'booked', text: delivery.dropoffLocation } },
  };
}

/** The location part of a re-pricing body, from the carried places when they match (exactly as booked). */
export function locationBodyOf(
  delivery: Delivery,
  locations: BookingLocations | null,
): Pick<BookingBody, 'pickup' | 'dropoff' | 'pickupLocation' | 'dropoffLocation'> {
  const values = locationValuesOf(delivery, locations);
  const pickup = toLocationInput(values.pickup);
  const dropoff = toLocationInput(values.dropoff);
  return {
    ...(pickup ? { pickup } : {}),
    ...(dropoff ? { dropoff } : {}),
    pickupLocation: delivery.pickupLocation,
    dropoffLocation: delivery.dropoffLocation,
  };
}
