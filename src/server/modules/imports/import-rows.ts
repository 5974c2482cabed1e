import {
  BOOKING_MESSAGE_KEYS,
  bookingBodySchema,
  DELIVERY_TIMES,
  DELIVERY_TYPES,
  PACKAGE_TYPES,
  PACKAGE_WEIGHTS,
  TRANSPORT_MODES,
  type BookingBody,
} from '../../../shared/schemas/deliveries.js';
import { LANGUAGES } from '../../../shared/i18n.js';
import { EXTERNAL_REFERENCE_MAX } from '../../../shared/schemas/merchant-api.js';
import {
  IMPORT_MESSAGE_KEYS,
  IMPORT_ROW_ERROR_CODES,
  importReferenceSchema,
  type ImportColumn,
  type ImportRowError,
  type ImportRowErrorCode,
} from '../../../shared/schemas/imports.js';
import { INPUT_MESSAGE_KEYS } from '../../../shared/message-keys.js';
import { PLACE_MESSAGE_KEYS, sameLocationInput, type Place } from '../../../shared/schemas/places.js';
import { AppError } from '../../lib/app-error.js';
import { isFormulaCell, unescapeCsvText, type CsvRecord } from '../../lib/csv.js';
import { errorMessage, fieldMessage, interpolate } from '../../lib/messages.js';
import type { PlannedBooking } from '../../db/schema/index.js';
import type { PlaceIdentification } from '../places/places-service.js';
import type { PricedTrip, QuoteRequest, QuotesService } from '../quotes/quotes-service.js';

export interface RowCheckDeps {
  places: { identify(text: string): PlaceIdentification };
  quotes: Pick<QuotesService, 'resolveLocation' | 'priceRequest'>;
}

type Side = 'pickup' | 'dropoff';
const SIDES: readonly Side[] = ['pickup', 'dropoff'];

function rowError(row: number, column: string | null, code: ImportRowErrorCode, messageKey: string, extra: Partial<ImportRowError> = {}): ImportRowError {
  const params = extra.params;
  return { row, column, code, message: interpolate(fieldMessage(messageKey), params), messageKey, ...extra };
}

/** A reference already another delivery's, or given twice in the file. */
export function referenceTaken(row: number, externalReference: string): ImportRowError {
  const params = { externalReference };
  return {
    row,
    column: 'externalReference',
    code: 'EXTERNAL_REFERENCE_TAKEN',
    message: errorMessage('EXTERNAL_REFERENCE_TAKEN', params),
    messageKey: 'errors.codes.EXTERNAL_REFERENCE_TAKEN',
    params,
  };
}

/** The column a booking field's error belongs to: the form's fields are the columns, the two ends are split in two. */
function columnOfPath(path: readonly PropertyKey[]): ImportColumn | null {
  const [first, second] = path;
  if (first === 'pickup' || first === 'dropoff') return second === 'line' ? `${first}Line` : `${first}Place`;
  if (first === 'pickupLocation') return 'pickupPlace';
  if (first === 'dropoffLocation') return 'dropoffPlace';
  return typeof first === 'string' ? (first as ImportColumn) : null;
}

/** An AppError of the quote service (its first field) as the row's error, or null for one that is not the row's. */
function quoteError(row: number, error: unknown): ImportRowError | null {
  if (!(error instanceof AppError) || !(IMPORT_ROW_ERROR_CODES as readonly string[]).includes(error.code)) return null;
  const [field, keys] = Object.entries(error.options.fields ?? {})[0] ?? [null, []];
  const column = field === null ? null : columnOfPath(field.split('.'));
  return rowError(row, column, error.code as ImportRowErrorCode, keys[0] ?? `errors.codes.${error.code}`, { params: error.options.params });
}

const asMatch = (place: Place) => ({ id: place.id, name: place.name, kind: place.kind, lga: place.lga, state: place.state });

/**
 * The columns that take one of a list, and the list: a cell names its option whatever its case ("Clothing", "VAN"),
 * as a spreadsheet typed by hand or exported from a shop writes it.
 */
const OPTION_COLUMNS: Record<string, readonly string[]> = {
  packageType: PACKAGE_TYPES,
  packageWeight: PACKAGE_WEIGHTS,
  transportMode: TRANSPORT_MODES,
  deliveryType: DELIVERY_TYPES,
  deliveryTime: DELIVERY_TIMES,
  receiverLanguage: LANGUAGES,
};

const optionOf = (options: readonly string[], value: string) => options.find((option) => option.toLowerCase() === value.toLowerCase()) ?? value;

/** A record's cells by column: trimmed, empty as absent, an option as the list spells it. */
function valuesOf(columns: readonly string[], cells: readonly string[]) {
  const values = new Map<string, string>();
  columns.forEach((column, i) => {
    const value = (cells[i] ?? '').trim();
    const options = OPTION_COLUMNS[column];
    if (value !== '') values.set(column, options ? optionOf(options, value) : value);
  });
  return values;
}

/**
 * One delivery row of an import, checked as the booking form is: the cells refused on their own (a formula, a
 * character no database stores), then the booking form's schema (bookingBodySchema) on the booking the row
 * describes, then its places looked up, then priced by the quote service. The booking to make, or every error found.
 */
export async function checkRow(
  deps: RowCheckDeps,
  userId: string,
  columns: readonly string[],
  record: CsvRecord,
): Promise<{ planned: PlannedBooking & { quote: PricedTrip }; errors: [] } | { planned: null; errors: ImportRowError[] }> {
  const { row } = record;
  const cells = record.cells.map(unescapeCsvText);
  if (record.malformedAt !== null) {
    return { planned: null, errors: [rowError(row, columns[record.malformedAt] ?? null, 'ROW_MALFORMED', IMPORT_MESSAGE_KEYS.ROW_MALFORMED)] };
  }
  if (cells.length !== columns.length) {
    const params = { expected: columns.length, found: cells.length };
    return { planned: null, errors: [rowError(row, null, 'ROW_MALFORMED', IMPORT_MESSAGE_KEYS.ROW_MALFORMED, { params })] };
  }

  const errors: ImportRowError[] = [];
  const refused = new Set<string>();
  columns.forEach((column, i) => {
    const cell = cells[i]!;
    if (cell.includes('\u0000')) errors.push(rowError(row, column, 'INVALID_VALUE', INPUT_MESSAGE_KEYS.unstorable));
    else if (isFormulaCell(cell)) errors.push(rowError(row, column, 'FORMULA_REFUSED', IMPORT_MESSAGE_KEYS.FORMULA_REFUSED));
    else return;
    refused.add(column);
  });
  const values = valuesOf(
    columns,
    cells.map((cell, i) => (refused.has(columns[i]!) ? '' : cell)),
  );

  const end = (side: Side) => {
    const place = values.get(`${side}Place`);
    const line = values.get(`${side}Line`);
    return place === undefined && line === undefined ? undefined : { placeId: place ?? '', line };
  };
  const parsed = bookingBodySchema.safeParse({
    receiverName: values.get('receiverName'),
    receiverPhone: values.get('receiverPhone'),
    description: values.get('description'),
    receiverLanguage: values.get('receiverLanguage'),
    pickup: end('pickup'),
    dropoff: end('dropoff'),
    packageType: values.get('packageType'),
    packageWeight: values.get('packageWeight'),
    transportMode: values.get('transportMode'),
    deliveryType: values.get('deliveryType'),
    deliveryTime: values.get('deliveryTime'),
    deliveryDate: values.get('deliveryDate'),
  });
  const flagged = new Set(refused);
  const externalReference = values.get('externalReference');
  if (externalReference !== undefined && !flagged.has('externalReference') && !importReferenceSchema.safeParse(externalReference).success) {
    const key = externalReference.length > EXTERNAL_REFERENCE_MAX ? BOOKING_MESSAGE_KEYS.tooLong : INPUT_MESSAGE_KEYS.unstorable;
    errors.push(rowError(row, 'externalReference', 'INVALID_VALUE', key));
    flagged.add('externalReference');
  }
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = columnOfPath(issue.path);
      if (column !== null && flagged.has(column)) continue;
      if (column !== null) flagged.add(column);
      // A cell that says something the column cannot take is told so, with what it can take: "required" would be
      // wrong for it.
      const given = column === null ? undefined : values.get(column);
      if (given && issue.code === 'invalid_value') {
        const params = { value: given, options: issue.values.join(', ') };
        errors.push(rowError(row, column, 'INVALID_VALUE', IMPORT_MESSAGE_KEYS.NOT_AN_OPTION, { params }));
      } else if (given && issue.code === 'invalid_format' && issue.format === 'date') {
        errors.push(rowError(row, column, 'INVALID_VALUE', IMPORT_MESSAGE_KEYS.DATE_FORMAT, { params: { value: given } }));
      } else {
        errors.push(rowError(row, column, 'INVALID_VALUE', issue.message));
      }
    }
  }

  // Each place named, looked up by its id or its exact name; an unknown or ambiguous one lists the closest.
  const placeIds: Partial<Record<Side, string>> = {};
  for (const side of SIDES) {
    const column = `${side}Place`;
    const text = values.get(column);
    if (text === undefined || flagged.has(column)) continue;
    const identified = deps.places.identify(text);
    if (identified.kind === 'found') {
      placeIds[side] = identified.place.id;
      continue;
    }
    const code = identified.kind === 'ambiguous' ? 'PLACE_AMBIGUOUS' : 'PLACE_UNKNOWN';
    errors.push(rowError(row, column, code, IMPORT_MESSAGE_KEYS[code], { params: { place: text }, matches: identified.matches.map(asMatch) }));
  }
  if (errors.length > 0 || !parsed.success) return { planned: null, errors };

  const body: BookingBody = {
    ...parsed.data,
    pickup: { ...parsed.data.pickup!, placeId: placeIds.pickup! },
    dropoff: { ...parsed.data.dropoff!, placeId: placeIds.dropoff! },
  };
  try {
    const quote = await priceBooking(deps, userId, body);
    return { planned: { row, body, totalKobo: quote.totalKobo, externalReference, quote }, errors: [] };
  } catch (error) {
    const found = quoteError(row, error);
    if (!found) throw error;
    return { planned: null, errors: [found] };
  }
}

/** A checked row's booking priced now, by the quote service, as the web's booking is: its places, then the tariff. */
export async function priceBooking(deps: Pick<RowCheckDeps, 'quotes'>, userId: string, body: BookingBody): Promise<PricedTrip> {
  if (sameLocationInput(body.pickup!, body.dropoff!)) {
    throw new AppError('SAME_PICKUP_AND_DROPOFF', { fields: { dropoff: [PLACE_MESSAGE_KEYS.samePlace] } });
  }
  const [pickup, dropoff] = await Promise.all([
    deps.quotes.resolveLocation(userId, 'pickup', body.pickup!),
    deps.quotes.resolveLocation(userId, 'dropoff', body.dropoff!),
  ]);
  const request: QuoteRequest = {
    pickup,
    dropoff,
    packageType: body.packageType!,
    packageWeight: body.packageWeight!,
    transportMode: body.transportMode!,
    deliveryType: body.deliveryType!,
    deliveryTime: body.deliveryTime!,
    deliveryDate: body.deliveryDate!,
  };
  return deps.quotes.priceRequest(request);
}
