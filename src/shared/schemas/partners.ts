import { z } from 'zod';
import { NUBAN_PATTERN } from '../banks.js';
import { VEHICLE_PHOTOS_MAX, VEHICLE_PHOTOS_MIN } from '../rule-limits.js';
import { cursorPageSchema, cursorQuerySchema } from './paging.js';
import type { TransportMode } from './deliveries.js';

/**
 * Partner applications: the two forms of the spec (section 3), the documents a real review needs, and what the
 * applicant and the operators read back. Shared by modules/partners and features/partners (docs/decisions/032).
 */

export const PARTNER_TYPES = ['transportation', 'investment'] as const;
export type PartnerType = (typeof PARTNER_TYPES)[number];

export const APPLICATION_STATUSES = ['submitted', 'under_review', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** Statuses that still wait for an operator: one such application per user and type. */
export const OPEN_APPLICATION_STATUSES: readonly ApplicationStatus[] = ['submitted', 'under_review'];

/** Option values are stable codes; their labels are translated (`partners.options.<field>.<value>`). */
export const SERVICE_AVAILABILITIES = ['full_time', 'part_time', 'weekends'] as const;
/** The spec's van, truck, pickup and trailer, plus the motorbikes and cars most Lagos dispatch runs on. */
export const VEHICLE_TYPES = ['bike', 'car', 'van', 'pickup', 'truck', 'trailer'] as const;
export const INVESTMENT_AREAS = ['logistics', 'technology', 'fleet', 'warehousing'] as const;
export const INITIAL_CAPITAL_RANGES = ['100k_500k', '500k_1m', '1m_5m', '5m_plus'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

/** Which deliveries a vehicle can take: a pickup carries what a van does, a trailer what a truck does. */
export const TRANSPORT_MODE_OF_VEHICLE: Record<VehicleType, TransportMode> = {
  bike: 'bike',
  car: 'car',
  van: 'van',
  pickup: 'van',
  truck: 'truck',
  trailer: 'truck',
};

/** i18n keys of the forms' field messages; the server's catalogue (lib/messages.ts) holds their English. */
export const PARTNER_MESSAGE_KEYS = {
  termsRequired: 'auth.validation.termsRequired',
  partnerType: 'validation.partners.partnerType',
  preferredRoutes: 'validation.partners.preferredRoutes',
  serviceAvailability: 'validation.partners.serviceAvailability',
  vehicleType: 'validation.partners.vehicleType',
  vehicleBrand: 'validation.partners.vehicleBrand',
  plateNumber: 'validation.partners.plateNumber',
  plateNumberFormat: 'validation.partners.plateNumberFormat',
  driversLicenceNumber: 'validation.partners.driversLicenceNumber',
  driversLicenceNumberFormat: 'validation.partners.driversLicenceNumberFormat',
  fullName: 'validation.partners.fullName',
  phoneNumber: 'validation.partners.phoneNumber',
  phoneNumberFormat: 'validation.partners.phoneNumberFormat',
  emailAddress: 'validation.partners.emailAddress',
  emailAddressFormat: 'validation.partners.emailAddressFormat',
  homeAddress: 'validation.partners.homeAddress',
  investmentArea: 'validation.partners.investmentArea',
  initialCapital: 'validation.partners.initialCapital',
  bankName: 'validation.partners.bankName',
  accountNumber: 'validation.partners.accountNumber',
  tooLong: 'validation.partners.tooLong',
  documentRequired: 'validation.partners.documentRequired',
  documentType: 'validation.partners.documentType',
  photoType: 'validation.partners.photoType',
  documentTooLarge: 'validation.partners.documentTooLarge',
  documentUnsafe: 'validation.partners.documentUnsafe',
  tooManyFiles: 'validation.partners.tooManyFiles',
  tooFewPhotos: 'validation.partners.tooFewPhotos',
  unknownDocument: 'validation.partners.unknownDocument',
  rejectionReason: 'validation.partners.rejectionReason',
} as const;
const M = PARTNER_MESSAGE_KEYS;

/** An empty field says only that it is required, not also that its format is wrong. */
const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, { message, abort: true }).max(max, { message: M.tooLong, abort: true });
const optionOf = <T extends readonly [string, ...string[]]>(values: T, message: string) => z.enum(values, { error: message });
const termsAccepted = z.literal(true, { error: M.termsRequired });

/** Nigerian plates (`LSR 123 AB`, `ABC-123DE`) and fleet plates: letters and digits, spaces or dashes between. */
const PLATE_PATTERN = /^[A-Z0-9][A-Z0-9 -]{3,10}[A-Z0-9]$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^\+?[\d\s()-]{7,24}$/;
/** A Nigerian driver's licence number (FRSC: letters and digits, e.g. ABC12345AA01), kept without spaces or dashes. */
const LICENCE_PATTERN = /^(?=.*\d)[A-Z0-9]{8,16}$/;

export const transportationApplicationSchema = z.object({
  businessName: z.string().trim().max(120, M.tooLong).optional(),
  preferredRoutes: required(M.preferredRoutes, 300),
  serviceAvailability: optionOf(SERVICE_AVAILABILITIES, M.serviceAvailability),
  vehicleType: optionOf(VEHICLE_TYPES, M.vehicleType),
  vehicleBrand: required(M.vehicleBrand, 80),
  plateNumber: required(M.plateNumber, 20)
    .transform((plate) => plate.toUpperCase().replace(/\s+/g, ' '))
    .pipe(z.string().regex(PLATE_PATTERN, M.plateNumberFormat)),
  /** The driver's licence of whoever drives (the document itself is the `driversLicence` upload). */
  driversLicenceNumber: required(M.driversLicenceNumber, 24)
    .transform((value) => value.toUpperCase().replace(/[\s-]/g, ''))
    .pipe(z.string().regex(LICENCE_PATTERN, M.driversLicenceNumberFormat)),
  agreeTerms: termsAccepted,
});
export type TransportationApplication = z.infer<typeof transportationApplicationSchema>;

export const investmentApplicationSchema = z.object({
  fullName: required(M.fullName, 100),
  phoneNumber: required(M.phoneNumber, 24).regex(PHONE_PATTERN, M.phoneNumberFormat),
  emailAddress: required(M.emailAddress, 254).regex(EMAIL_PATTERN, M.emailAddressFormat),
  homeAddress: required(M.homeAddress, 300),
  investmentArea: optionOf(INVESTMENT_AREAS, M.investmentArea),
  initialCapital: optionOf(INITIAL_CAPITAL_RANGES, M.initialCapital),
  bankName: required(M.bankName, 100),
  accountNumber: required(M.accountNumber, 20)
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(NUBAN_PATTERN, M.accountNumber)),
  agreeTerms: termsAccepted,
});
export type InvestmentApplication = z.infer<typeof investmentApplicationSchema>;

export const APPLICATION_SCHEMAS = {
  transportation: transportationApplicationSchema,
  investment: investmentApplicationSchema,
} as const;

/** The form fields kept with an application (the terms were accepted to get this far). */
export type ApplicationDetails =
  | Omit<TransportationApplication, 'agreeTerms'>
  | Omit<InvestmentApplication, 'agreeTerms'>;

// Documents.

export const DOCUMENT_KINDS = [
  'idDocument',
  'driversLicence',
  'proofOfAddress',
  'vehicleLicense',
  'insuranceCertificate',
  'roadWorthiness',
  'vehiclePhoto',
  'proofOfFunds',
  'cacCertificate',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export interface DocumentRule {
  kind: DocumentKind;
  min: number;
  max: number;
  /** Only photographs make sense (vehicle photos); the others may also be PDFs. */
  imagesOnly: boolean;
}

/** Per type, the documents in the form's order and how many of each; the multipart field name is the kind. */
export const DOCUMENT_RULES: Record<PartnerType, readonly DocumentRule[]> = {
  transportation: [
    { kind: 'idDocument', min: 1, max: 1, imagesOnly: false },
    { kind: 'driversLicence', min: 1, max: 1, imagesOnly: false },
    { kind: 'proofOfAddress', min: 1, max: 1, imagesOnly: false },
    { kind: 'vehicleLicense', min: 1, max: 1, imagesOnly: false },
    { kind: 'insuranceCertificate', min: 1, max: 1, imagesOnly: false },
    { kind: 'roadWorthiness', min: 1, max: 1, imagesOnly: false },
    { kind: 'vehiclePhoto', min: VEHICLE_PHOTOS_MIN, max: VEHICLE_PHOTOS_MAX, imagesOnly: true },
  ],
  investment: [
    { kind: 'idDocument', min: 1, max: 1, imagesOnly: false },
    { kind: 'proofOfAddress', min: 1, max: 1, imagesOnly: false },
    { kind: 'proofOfFunds', min: 1, max: 1, imagesOnly: false },
    { kind: 'cacCertificate', min: 0, max: 1, imagesOnly: false },
  ],
};

export const DOCUMENT_MIME_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

// Answers.

export const partnerDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  originalName: z.string(),
});
export type PartnerDocument = z.infer<typeof partnerDocumentSchema>;

export const partnerApplicationSchema = z.object({
  id: z.string(),
  type: z.enum(PARTNER_TYPES),
  status: z.enum(APPLICATION_STATUSES),
  details: z.record(z.string(), z.string()),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  documents: z.array(partnerDocumentSchema),
});
export type PartnerApplication = z.infer<typeof partnerApplicationSchema>;

export const applicantSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

/** What an operator reviews: the application, who sent it and their documents. */
export const operatorApplicationSchema = partnerApplicationSchema.extend({ applicant: applicantSchema });
export const operatorApplicationsPageSchema = cursorPageSchema(operatorApplicationSchema);
export type OperatorApplication = z.infer<typeof operatorApplicationSchema>;

// Requests.

export const applicationIdParamsSchema = z.object({ id: z.uuid({ error: 'Unknown application' }) });
export const documentParamsSchema = z.object({
  id: z.uuid({ error: 'Unknown application' }),
  documentId: z.uuid({ error: 'Unknown document' }),
});

/**
 * The operator's status filter: a status, or `open` (submitted and under review: what still waits for a decision),
 * the page's default, so an application keeps its place in the list through "Start review" (decision 052).
 */
export const APPLICATION_FILTERS = ['open', ...APPLICATION_STATUSES] as const;
export type ApplicationStatusFilter = (typeof APPLICATION_FILTERS)[number];

export const operatorApplicationsQuerySchema = cursorQuerySchema.extend({
  status: z.enum(APPLICATION_FILTERS).optional(),
  type: z.enum(PARTNER_TYPES).optional(),
});

export const REJECTION_REASON_MAX = 500;
export const rejectApplicationBodySchema = z.object({
  reason: z.string({ error: M.rejectionReason }).trim().min(1, M.rejectionReason).max(REJECTION_REASON_MAX, M.tooLong),
});
export type RejectApplicationBody = z.infer<typeof rejectApplicationBodySchema>;
