import { formatNaira } from './money.js';
import {
  ACCOUNT_NAME_MAX,
  ADDRESS_LABEL_MAX,
  API_KEY_NAME_MAX,
  APPLICATION_REPLY_HOURS,
  BOOKING_DAYS_AHEAD,
  COD_AMOUNT_KOBO,
  CODE_TTL_MINUTES,
  CONTACT_NAME_MAX,
  DISTANCE_STEP_METERS,
  FAILED_ATTEMPT_DECISION_HOURS,
  FAILED_ATTEMPT_NOTE_MAX,
  HANDOVER_CODE_LENGTH,
  HANDOVER_MAX_ATTEMPTS,
  MAX_INPUT_DEPTH,
  NUBAN_LENGTH,
  OTP_LENGTH,
  PACKAGE_WEIGHT_KG,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PLACE_DIRECTIONS_MAX,
  PLACE_LINE_MAX,
  PLACES_QUERY_MAX,
  RATING_COMMENT_MAX,
  RATING_STARS_MAX,
  RATING_STARS_MIN,
  TRANSFER_REFERENCE_LENGTH,
  VEHICLE_PHOTOS_MAX,
  VEHICLE_PHOTOS_MIN,
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_OLD_SECRET_VALID_MS,
} from './rule-limits.js';
import { AVATAR_MAX_BYTES, DOCUMENT_MAX_BYTES, MEGABYTE, PROOF_PHOTO_MAX_BYTES } from './upload-limits.js';

const HOUR_MS = 3_600_000;

/**
 * The values of rules that texts state ("at most {{placeDirectionsMax, number}} characters"), each taken from the
 * constant that enforces the rule, by the name the texts use (issue 24, decision 064). The web gives them to i18next
 * as default variables and the server's catalogue fills them the same way, so a changed limit changes every
 * language's words at once; numbers are written with `, number`, which formats them through Intl in the reader's
 * language (1,000 / 1 000 / 1.000). Money is already words: naira formatted at the edge, as everywhere.
 */
export const RULE_VALUES = {
  passwordMin: PASSWORD_MIN,
  passwordMax: PASSWORD_MAX,
  otpLength: OTP_LENGTH,
  codeTtlMinutes: CODE_TTL_MINUTES,
  avatarMaxMegabytes: AVATAR_MAX_BYTES / MEGABYTE,
  bookingDaysAhead: BOOKING_DAYS_AHEAD,
  lightMaxKg: PACKAGE_WEIGHT_KG.lightMax,
  heavyFromKg: PACKAGE_WEIGHT_KG.heavyFrom,
  codMin: formatNaira(COD_AMOUNT_KOBO.min),
  codMax: formatNaira(COD_AMOUNT_KOBO.max),
  distanceStepMeters: DISTANCE_STEP_METERS,
  placesQueryMax: PLACES_QUERY_MAX,
  placeLineMax: PLACE_LINE_MAX,
  placeDirectionsMax: PLACE_DIRECTIONS_MAX,
  addressLabelMax: ADDRESS_LABEL_MAX,
  contactNameMax: CONTACT_NAME_MAX,
  handoverCodeLength: HANDOVER_CODE_LENGTH,
  handoverMaxAttempts: HANDOVER_MAX_ATTEMPTS,
  ratingStarsMin: RATING_STARS_MIN,
  ratingStarsMax: RATING_STARS_MAX,
  ratingCommentMax: RATING_COMMENT_MAX,
  failedAttemptNoteMax: FAILED_ATTEMPT_NOTE_MAX,
  failedAttemptDecisionHours: FAILED_ATTEMPT_DECISION_HOURS,
  proofPhotoMaxMegabytes: PROOF_PHOTO_MAX_BYTES / MEGABYTE,
  accountNumberLength: NUBAN_LENGTH,
  accountNameMax: ACCOUNT_NAME_MAX,
  transferReferenceMin: TRANSFER_REFERENCE_LENGTH.min,
  transferReferenceMax: TRANSFER_REFERENCE_LENGTH.max,
  documentMaxMegabytes: DOCUMENT_MAX_BYTES / MEGABYTE,
  vehiclePhotosMin: VEHICLE_PHOTOS_MIN,
  vehiclePhotosMax: VEHICLE_PHOTOS_MAX,
  applicationReplyHoursMin: APPLICATION_REPLY_HOURS.min,
  applicationReplyHoursMax: APPLICATION_REPLY_HOURS.max,
  apiKeyNameMax: API_KEY_NAME_MAX,
  inputDepthMax: MAX_INPUT_DEPTH,
  webhookDisableAfterDays: WEBHOOK_DISABLE_AFTER_MS / (24 * HOUR_MS),
  webhookOldSecretHours: WEBHOOK_OLD_SECRET_VALID_MS / HOUR_MS,
} as const satisfies Record<string, number | string>;

export type RuleValueName = keyof typeof RULE_VALUES;
