import { describe, expect, it } from 'vitest';
import { RATE_CARD, tripOf } from '@/shared/pricing';
import type { Delivery } from '@/shared/schemas/deliveries';
import type { Address, Place } from '@/shared/schemas/places';
import {
  addressBodyOf,
  bookingBodyOf,
  bookingFormValuesSchema,
  bookingLocationsFor,
  bookingLocationsOf,
  deliveryDateRange,
  EMPTY_LOCATION,
  formFieldOfServerField,
  lagosIsoDate,
  locationValuesOf,
  toLocationInput,
  tripOfLocations,
  type LocationValue,
} from './booking-locations';

const ICM: Place = { id: 'lagos.ikeja.ikeja-city-mall', name: 'Ikeja City Mall', kind: 'landmark', lga: 'Ikeja', state: 'Lagos', lat: 6.6137, lng: 3.3579 };
const LEKKI: Place = { id: 'lagos.eti-osa.lekki-phase-1', name: 'Lekki Phase 1', kind: 'area', lga: 'Eti-Osa', state: 'Lagos', lat: 6.4478, lng: 3.4723 };
const HOME: Address = {
  id: '7d1e3c1a-52b4-4a7e-9d0e-2f1f0d8c1b11',
  label: 'Home',
  line: '3 Admiralty Way',
  directions: null,
  placeId: LEKKI.id,
  lat: LEKKI.lat,
  lng: LEKKI.lng,
  lga: 'Eti-Osa',
  state: 'Lagos',
  contactName: null,
  contactPhone: null,
};

const place = (p: Place, line = '12 Obafemi Awolowo Way', directions = ''): LocationValue => ({ choice: { kind: 'place', place: p }, line, directions, save: false });

const formValues = (overrides: Record<string, unknown> = {}) => ({
  receiverName: 'Chinedu Eze',
  receiverPhone: '+234 803 123 4567',
  receiverLanguage: 'yo',
  pickup: place(ICM),
  dropoff: place(LEKKI, '5 Admiralty Way', 'Blue gate'),
  packageType: 'documents',
  packageWeight: 'light',
  transportMode: 'bike',
  deliveryType: 'standard',
  deliveryTime: 'afternoon',
  deliveryDate: lagosIsoDate(new Date(), 1),
  description: '',
  ...overrides,
});

describe('the pickers as the booking body', () => {
  it('sends the place and the street, with a readable text', () => {
    const parsed = bookingFormValuesSchema.parse(formValues());
    const body = bookingBodyOf(parsed);
    expect(body.pickup).toEqual({ placeId: ICM.id, line: '12 Obafemi Awolowo Way' });
    expect(body.dropoff).toEqual({ placeId: LEKKI.id, line: '5 Admiralty Way', directions: 'Blue gate' });
    expect(body.pickupLocation).toBe('12 Obafemi Awolowo Way, Ikeja City Mall, Lagos');
    expect(body.description).toBeUndefined();
  });

  it('sends pay on delivery as kobo when switched on with an amount in bounds, and refuses one out of bounds', () => {
    expect(bookingBodyOf(bookingFormValuesSchema.parse(formValues())).collectOnDelivery).toBeUndefined();
    const on = bookingBodyOf(bookingFormValuesSchema.parse(formValues({ payOnDelivery: true, codAmount: '20,000' })));
    expect(on.collectOnDelivery).toEqual({ amountKobo: 2_000_000 });
    // Switched off, a typed amount is not sent.
    expect(bookingBodyOf(bookingFormValuesSchema.parse(formValues({ payOnDelivery: false, codAmount: '20,000' }))).collectOnDelivery).toBeUndefined();
    const refused = bookingFormValuesSchema.safeParse(formValues({ payOnDelivery: true, codAmount: '50' }));
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['codAmount', 'booking.validation.codAmount']]);
  });

  it('sends a saved address by id until its words are edited', () => {
    const saved: LocationValue = { choice: { kind: 'address', address: HOME }, line: HOME.line, directions: '', save: false };
    expect(toLocationInput(saved)).toEqual({ addressId: HOME.id });
    expect(toLocationInput({ ...saved, line: '4 Admiralty Way' })).toEqual({ placeId: LEKKI.id, line: '4 Admiralty Way' });
  });

  it('names what is missing or wrong with the spec and shared messages', () => {
    const empty = bookingFormValuesSchema.safeParse(formValues({ pickup: EMPTY_LOCATION, dropoff: place(LEKKI, '  ') }));
    const messages = Object.fromEntries(empty.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages['pickup.choice']).toBe('booking.validation.pickupLocation');
    expect(messages['dropoff.line']).toBe('places.validation.line');

    const same = bookingFormValuesSchema.safeParse(formValues({ dropoff: place(ICM) }));
    expect(same.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['dropoff.choice', 'places.validation.samePlace']]);

    const far = bookingFormValuesSchema.safeParse(formValues({ deliveryDate: lagosIsoDate(new Date(), 31) }));
    expect(far.error!.issues[0]!.message).toBe('booking.validation.deliveryDateTooFar');
    const past = bookingFormValuesSchema.safeParse(formValues({ deliveryDate: lagosIsoDate(new Date(), -1), receiverName: '' }));
    expect(past.error!.issues.map((issue) => issue.message)).toEqual(['booking.validation.receiverName', 'booking.validation.deliveryDateInvalid']);
  });

  it('saves a ticked place under its name', () => {
    expect(addressBodyOf({ ...place(ICM, ' 12 Obafemi Awolowo Way ', ' Gate B '), save: true })).toEqual({
      label: 'Ikeja City Mall',
      line: '12 Obafemi Awolowo Way',
      directions: 'Gate B',
      placeId: ICM.id,
    });
    expect(addressBodyOf(place(ICM))).toBeNull();
  });

  it('maps the server fields onto the pickers', () => {
    expect(formFieldOfServerField('pickup.placeId')).toBe('pickup.choice');
    expect(formFieldOfServerField('dropoff')).toBe('dropoff.choice');
    expect(formFieldOfServerField('dropoff.line')).toBe('dropoff.line');
    expect(formFieldOfServerField('pickupLocation')).toBe('pickup.choice');
    expect(formFieldOfServerField('deliveryDate')).toBe('deliveryDate');
    expect(formFieldOfServerField('quoteId')).toBeNull();
  });
});

describe('the trip and the dates', () => {
  it('measures the two places with the shared function', () => {
    const trip = tripOfLocations(RATE_CARD, place(ICM), place(LEKKI), null);
    expect(trip).toEqual(tripOf(RATE_CARD, { pickup: ICM, dropoff: LEKKI }));
    expect(tripOfLocations(RATE_CARD, place(ICM), EMPTY_LOCATION, null)).toBeNull();
  });

  it('offers today to 30 days ahead, in Lagos', () => {
    // 23:30 UTC is already the next day in Lagos.
    expect(deliveryDateRange(new Date('2026-01-31T23:30:00Z'))).toEqual({ min: '2026-02-01', max: '2026-03-03' });
  });
});

describe('the places carried through the flow', () => {
  const delivery = {
    id: 'LF007',
    pickupLocation: '12 Obafemi Awolowo Way, Ikeja City Mall, Lagos',
    dropoffLocation: '5 Admiralty Way, Lekki Phase 1, Lagos',
    distanceMeters: 25_000,
    interstate: false,
  } as Delivery;
  const values = bookingFormValuesSchema.parse(formValues());

  it('restores the choices of the same booking, and only while its texts are unchanged', () => {
    const state = { bookingLocations: bookingLocationsOf(values, delivery) };
    const restored = bookingLocationsFor(state, delivery);
    expect(locationValuesOf(delivery, restored).pickup).toEqual({ ...values.pickup, save: false });
    expect(bookingLocationsFor(state, { ...delivery, id: 'LF008' })).toBeNull();
    expect(bookingLocationsFor(state, { ...delivery, dropoffLocation: 'Elsewhere' })).toBeNull();
    expect(bookingLocationsFor({ bookingLocations: { deliveryId: 'LF007' } }, delivery)).toBeNull();
  });

  it('falls back to the booked texts and their measured trip', () => {
    const { pickup, dropoff } = locationValuesOf(delivery, null);
    expect(pickup.choice).toEqual({ kind: 'booked', text: delivery.pickupLocation });
    expect(tripOfLocations(RATE_CARD, pickup, dropoff, { distanceMeters: 25_000, interstate: false })).toEqual({ distanceMeters: 25_000, interstate: false });
  });
});
