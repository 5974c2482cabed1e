/**
 * The limits of rules that both the schemas enforce and the texts state (rule-values.ts, decision 064), one
 * constant each. They live apart from the schema modules on purpose: every screen's texts read them, and a schema
 * module builds its zod schemas as it loads, so taking them from one would load every feature's schemas with the
 * first screen (and, when they were read at start-up, put zod on the landing page: decision 066). Nothing here may
 * import zod or a schema module. Upload sizes are in upload-limits.ts.
 */

// Accounts (schemas/auth.ts, schemas/auth-forms.ts).

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const OTP_LENGTH = 6;
/** How long a one-time code (sign-up, sign-in, reset, identifier change) can be used. */
export const CODE_TTL_MINUTES = 10;

// Bookings (schemas/deliveries.ts).

/** Where the weight classes meet, in kilograms: light up to 5, medium from 5 to 20, heavy (surcharged) from 20. */
export const PACKAGE_WEIGHT_KG = { lightMax: 5, heavyFrom: 20 } as const;
/** What the sender may write about the package. */
export const DELIVERY_DESCRIPTION_MAX = 500;
/** How far ahead a delivery can be booked (and quoted), in days (Lagos days: the form and the server count alike). */
export const BOOKING_DAYS_AHEAD = 30;
/** The distance beyond the included part is charged per started step of this many metres (the rates page says so). */
export const DISTANCE_STEP_METERS = 100;
/** What a receiver may be asked to pay on delivery, in kobo (decision 053); the rate card carries them (pricing.ts). */
export const COD_AMOUNT_KOBO = { min: 10_000, max: 50_000_000 } as const;

// Places and addresses (schemas/places.ts).

export const PLACES_QUERY_MAX = 100;
/** Lengths of what a person types into an address. */
export const PLACE_LINE_MAX = 200;
export const PLACE_DIRECTIONS_MAX = 300;
export const ADDRESS_LABEL_MAX = 60;
export const CONTACT_NAME_MAX = 100;

// Dispatch, handover and ratings (schemas/dispatch.ts).

/** The receiver's handover code: 4 digits, sent when a driver is assigned. */
export const HANDOVER_CODE_LENGTH = 4;
/** Wrong codes a driver may enter before only an operator can complete the delivery. */
export const HANDOVER_MAX_ATTEMPTS = 5;
/** Stars a customer gives a driver, and the length of the comment with them. */
export const RATING_STARS_MIN = 1;
export const RATING_STARS_MAX = 5;
export const RATING_COMMENT_MAX = 500;
/** The driver's note on a failed attempt. */
export const FAILED_ATTEMPT_NOTE_MAX = 300;
/** A failed attempt nobody decides on is returned after this long. */
export const FAILED_ATTEMPT_DECISION_HOURS = 24;

// Partner applications (schemas/partners.ts).

/** The window, in hours, within which the operators answer an application (what the applicant is promised). */
export const APPLICATION_REPLY_HOURS = { min: 24, max: 48 } as const;
/** Photos of the vehicle a transportation partner uploads. */
export const VEHICLE_PHOTOS_MIN = 3;
export const VEHICLE_PHOTOS_MAX = 5;

// Payout accounts (schemas/payouts.ts, banks.ts).

/** Digits of a NUBAN account number. */
export const NUBAN_LENGTH = 10;
export const ACCOUNT_NAME_MAX = 100;
/**
 * The bank's reference for a withdrawal paid by hand (decision 089): a NIP session id (30 digits), a bank's own
 * transfer reference ("FT23332ABC12"), or a payout gateway's transfer code ("TRF_1ptvuv321ahaa7q").
 */
export const TRANSFER_REFERENCE_LENGTH = { min: 6, max: 50 } as const;

// Merchant API keys and webhooks (schemas/api-keys.ts, schemas/webhooks.ts).

export const API_KEY_NAME_MAX = 60;
/** An endpoint failing for this long without a single success is disabled and its owner told. */
export const WEBHOOK_DISABLE_AFTER_MS = 3 * 24 * 3_600_000;
/** How long a rotated-out secret still signs (both signatures are sent meanwhile). */
export const WEBHOOK_OLD_SECRET_VALID_MS = 24 * 3_600_000;

// Every request (src/server/plugins/input-guard.ts).

/**
 * How deeply the server's input guard lets a request nest: deeper than any request the API defines; walking is
 * iterative, so depth costs no stack either way. `validation.input.tooDeep` names this number.
 */
export const MAX_INPUT_DEPTH = 16;
