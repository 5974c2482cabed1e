import { z } from 'zod';
import { cursorPageSchema } from './paging.js';
import { placeSchema } from './places.js';
import { EXTERNAL_REFERENCE_MAX } from './merchant-api.js';

/**
 * Bulk import (issue 23, decision 054): a CSV of bookings, one row per delivery, validated with the booking form's
 * own schema (bookingBodySchema) and priced by the same quote service, then booked and paid all at once.
 */

/** At most this many bytes and data rows in one file. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 1_000;

/**
 * The template's columns, in its order: the booking form's fields, with each end of the trip as a place (its name, or
 * its id from the places search, optionally "Name, State") and a street line. Optional columns may be left out of the
 * header or left empty.
 */
export const IMPORT_COLUMNS = [
  'pickupPlace',
  'pickupLine',
  'dropoffPlace',
  'dropoffLine',
  'packageType',
  'packageWeight',
  'transportMode',
  'deliveryType',
  'deliveryTime',
  'deliveryDate',
  'receiverName',
  'receiverPhone',
  'receiverLanguage',
  'description',
  // The merchant's own reference (the merchant API's externalReference): unique per merchant, optional.
  'externalReference',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const OPTIONAL_IMPORT_COLUMNS: readonly ImportColumn[] = ['receiverLanguage', 'description', 'externalReference'];

/** The template's example row: a real trip of the gazetteer, on the given day (YYYY-MM-DD). */
export function importExampleRow(deliveryDate: string): Record<ImportColumn, string> {
  return {
    pickupPlace: 'Victoria Island',
    pickupLine: '12 Ligali Ayorinde Street',
    dropoffPlace: 'Ikoyi',
    dropoffLine: '5 Awolowo Road',
    packageType: 'documents',
    packageWeight: 'light',
    transportMode: 'bike',
    deliveryType: 'standard',
    deliveryTime: 'morning',
    deliveryDate,
    receiverName: 'Chinedu Eze',
    receiverPhone: '+2348031234567',
    receiverLanguage: 'en-US',
    description: 'Signed contracts',
    // Left empty: a reference is the merchant's own, and may be used once.
    externalReference: '',
  };
}

export const IMPORT_STATUSES = ['validating', 'ready', 'invalid', 'confirmed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** Why a cell or a row was refused: stable codes, translated as `imports.rowErrors.<code>` (or the field's own key). */
export const IMPORT_ROW_ERROR_CODES = [
  // A value the booking form's schema refuses: `messageKey` is that schema's message.
  'INVALID_VALUE',
  'PLACE_UNKNOWN',
  'PLACE_AMBIGUOUS',
  // A cell that a spreadsheet would run as a formula (=, +, -, @ first, also after spaces or tabs): refused.
  'FORMULA_REFUSED',
  // A row with a quote out of place, or more or fewer cells than the header.
  'ROW_MALFORMED',
  'SAME_PICKUP_AND_DROPOFF',
  'MODE_NOT_AVAILABLE',
  'DELIVERY_DATE_OUT_OF_RANGE',
  'DELIVERY_SCHEDULE_UNAVAILABLE',
  'OUTSIDE_SERVICE_AREA',
  // The merchant's reference is already another delivery's, or twice in the file.
  'EXTERNAL_REFERENCE_TAKEN',
] as const;
export type ImportRowErrorCode = (typeof IMPORT_ROW_ERROR_CODES)[number];

/** i18n keys of the import's own row messages; the server's catalogue (lib/messages.ts) holds their English. */
export const IMPORT_MESSAGE_KEYS = {
  PLACE_UNKNOWN: 'imports.rowErrors.PLACE_UNKNOWN',
  PLACE_AMBIGUOUS: 'imports.rowErrors.PLACE_AMBIGUOUS',
  FORMULA_REFUSED: 'imports.rowErrors.FORMULA_REFUSED',
  ROW_MALFORMED: 'imports.rowErrors.ROW_MALFORMED',
  NOT_AN_OPTION: 'imports.rowErrors.NOT_AN_OPTION',
  DATE_FORMAT: 'imports.rowErrors.DATE_FORMAT',
} as const;

export const importRowErrorSchema = z.object({
  /** The spreadsheet's row number: the header is row 1, the first delivery row 2. */
  row: z.number().int(),
  /** The column's header name; null when the whole row is meant. */
  column: z.string().nullable(),
  code: z.enum(IMPORT_ROW_ERROR_CODES),
  /** English, from the server's catalogue. */
  message: z.string(),
  /** The i18n key the web shows, with `params`. */
  messageKey: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** For an unknown or ambiguous place: the closest places of the search, best first. */
  matches: z.array(placeSchema.pick({ id: true, name: true, kind: true, lga: true, state: true })).optional(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** At most this many errors are listed (the count says how many there are). */
export const IMPORT_ERRORS_LISTED = 500;

export const importSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  /** Delivery rows in the file. */
  rows: z.number().int(),
  /** Rows that can be booked as they are. */
  valid: z.number().int(),
  /** What the valid rows cost, integer kobo. */
  totalKobo: z.number().int(),
  errors: z.array(importRowErrorSchema),
  errorCount: z.number().int(),
  /** Once confirmed: how many deliveries were booked and paid, and when. */
  booked: z.number().int(),
  confirmedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Import = z.infer<typeof importSchema>;

export const importCreatedSchema = z.object({ id: z.uuid(), status: z.literal('validating') });
export type ImportCreated = z.infer<typeof importCreatedSchema>;

export const importListItemSchema = importSchema.omit({ errors: true });
export type ImportListItem = z.infer<typeof importListItemSchema>;
export const importsPageSchema = cursorPageSchema(importListItemSchema);

/** The merchant API's rule for a reference: printable ASCII, no surrounding spaces, at most EXTERNAL_REFERENCE_MAX. */
export const importReferenceSchema = z.string().max(EXTERNAL_REFERENCE_MAX).regex(/^[\x21-\x7e][\x20-\x7e]*$/);

export const importIdParamsSchema = z.object({ id: z.uuid() });
