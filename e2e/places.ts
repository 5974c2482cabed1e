import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { priceTrip, tripOf, type PriceOptions, type RateCard } from '../src/shared/pricing.js';
import { describeLocation, type Place } from '../src/shared/schemas/places.js';

/** A place of the gazetteer as the booking form's picker finds it, and the street typed under it. */
export interface PlaceChoice {
  search: string;
  name: string;
  /** "LGA, State", as the option shows it. */
  area: string;
  street: string;
}

export const MARINA: PlaceChoice = { search: 'Marina', name: 'Marina', area: 'Lagos Island, Lagos', street: '12 Marina Road' };
export const LEKKI_PHASE_1: PlaceChoice = { search: 'Lekki Phase 1', name: 'Lekki Phase 1', area: 'Eti-Osa, Lagos', street: '5 Admiralty Way' };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Searches a picker ("Pickup Location" / "Dropoff Location"), clicks the place and types its street. */
export async function choosePlace(page: Page, label: 'Pickup Location' | 'Dropoff Location', choice: PlaceChoice) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.fill(choice.search);
  await page
    .getByRole('listbox', { name: label })
    .getByRole('option', { name: new RegExp(`^${escape(choice.name)}\\b.*${escape(choice.area)}`) })
    .click();
  await expect(box).toHaveValue(choice.name);
  await page.getByRole('group', { name: label }).getByLabel('Street and house number').fill(choice.street);
}

/** The text the server stores and shows for a chosen place ("5 Admiralty Way, Lekki Phase 1, Lagos"). */
export const bookedText = (choice: PlaceChoice) =>
  describeLocation({ line: choice.street, placeName: choice.name, state: choice.area.split(', ').at(-1)! });

async function findPlace(request: APIRequestContext, choice: PlaceChoice): Promise<Place> {
  const response = await request.get(`/api/places?q=${encodeURIComponent(choice.search)}`);
  const { items } = ((await response.json()) as { data: { items: Place[] } }).data;
  const place = items.find((item) => item.name === choice.name && [item.lga, item.state].filter(Boolean).join(', ') === choice.area);
  expect(place, `${choice.name} in ${choice.area}`).toBeTruthy();
  return place!;
}

/** The total (kobo) the server's rate card gives the trip between two chosen places. */
export async function priceOf(request: APIRequestContext, from: PlaceChoice, to: PlaceChoice, options: PriceOptions): Promise<number> {
  const rateCard = ((await (await request.get('/api/rate-card')).json()) as { data: RateCard }).data;
  const [pickup, dropoff] = await Promise.all([findPlace(request, from), findPlace(request, to)]);
  return priceTrip(rateCard, tripOf(rateCard, { pickup, dropoff }), options).total;
}
