import type { ErrorCode } from '../../shared/errors.js';
import { FALLBACK_LANGUAGE, intlLocales } from '../../shared/i18n.js';
import type { MessageParams, ValidationMessageKey } from '../../shared/message-keys.js';
import { RULE_VALUES } from '../../shared/rule-values.js';

/**
 * The server's one catalogue of English (decision 022). Each entry is the source text of one i18n key:
 * `errors.codes.<CODE>` for an error code, the key itself for a validation message. The en-US locale must
 * say the same, and every other locale records which English it was translated from (npm run i18n:check).
 * Parameters are named, `{{seconds}}`, in the catalogue and in every locale alike.
 *
 * A new error code is one line here (the type below insists) and one `errors.codes.<CODE>` key per locale.
 */
export const ERROR_MESSAGES = {
  BAD_REQUEST: 'The request could not be processed.',
  VALIDATION_FAILED: 'Some of the information entered is not valid. Please check and try again.',
  INVALID_JSON: 'The request could not be read. Please try again.',
  UNSUPPORTED_MEDIA_TYPE: 'This kind of request is not supported. Send it as JSON.',
  PAYLOAD_TOO_LARGE: 'That is too much data to send at once.',
  UNAUTHENTICATED: 'Please sign in to continue.',
  FORBIDDEN: 'You do not have access to this.',
  NOT_FOUND: 'We could not find what you were looking for.',
  ROUTE_NOT_FOUND: 'There is nothing at {{method}} {{path}}.',
  CONFLICT: 'This changed while you were working on it. Please reload and try again.',
  RATE_LIMITED: 'Too many attempts. Please wait {{seconds, number}} seconds and try again.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
  SERVICE_UNAVAILABLE: 'The service is unavailable right now. Please try again in a moment.',
  IDENTIFIER_TAKEN: 'An account with this email or phone number already exists. Please log in instead.',
  INVALID_CREDENTIALS: 'Invalid credentials. Please try again.',
  ACCOUNT_UNVERIFIED: 'Please verify your account before logging in.',
  INVALID_CODE: 'Invalid verification code. Please try again.',
  CODE_EXPIRED: 'This code has expired. Please request a new one.',
  CODE_ATTEMPTS_EXCEEDED: 'Too many wrong attempts. Please request a new code.',
  RESEND_TOO_SOON: 'Please wait {{seconds, number}} seconds before requesting a new code.',
  RESEND_LIMIT_REACHED: 'You have requested too many codes. Please try again later.',
  ALREADY_VERIFIED: 'This account is already verified. Please log in.',
  INVALID_RESET_TOKEN: 'This password reset link has expired or was already used. Please start again.',
  PASSWORD_TOO_COMMON: 'This password is too common. Please choose a less predictable one.',
  INVALID_PHONE: 'Please enter a valid phone number.',
  DELIVERY_NOT_FOUND: "We couldn't find this delivery.",
  DRIVER_NOT_FOUND: 'We could not find that driver.',
  DRIVER_OFF_DUTY: '{{name}} is off duty and cannot be assigned. Choose a driver who is on duty.',
  JOB_NO_LONGER_ASSIGNED: 'Job {{id}} is no longer assigned to you: an operator gave it to another driver.',
  WITHDRAWAL_TEST_MONEY: 'Money added in test mode can pay for deliveries but cannot be withdrawn. You can withdraw up to {{withdrawable}}.',
  DELIVERY_NOT_EDITABLE: 'This booking has been paid for or cancelled and can no longer be edited.',
  PRICE_EXPIRED: 'The price for this delivery has expired. Please review the booking to get a fresh price.',
  INSUFFICIENT_BALANCE: 'Your wallet balance is insufficient for this transaction.',
  ALREADY_PAID: 'This delivery has already been paid for.',
  PAYMENT_NOT_FOUND: 'We could not find that payment.',
  PAYMENT_FAILED: 'The payment was not successful. Please try again.',
  PAYMENT_AMOUNT_MISMATCH: 'The amount paid does not match the price of this delivery.',
  INVALID_SIGNATURE: 'The webhook signature is not valid.',
  TRACKING_NOT_FOUND: "We couldn't find a delivery with that tracking ID.",
  DELIVERY_NOT_CANCELLABLE: 'This delivery has already been picked up and can no longer be cancelled.',
  GATEWAY_UNAVAILABLE: 'The payment service is unavailable right now. Please try again in a moment.',
  DELIVERY_NOT_PAYABLE: 'This delivery was cancelled and can no longer be paid for.',
  PAYMENT_PENDING: 'The payment has not been completed yet.',
  PAYMENT_CREDITED_TO_WALLET:
    'This delivery could no longer take the payment, so {{amount}} was credited to your wallet.',
  INVALID_TRACKING_ID: 'Please enter a valid tracking ID',
  INVALID_STATUS_TRANSITION: 'That status change is not allowed for this delivery.',
  REATTEMPT_LIMIT: 'This delivery has already been tried again {{limit, number}} times: it can only be returned now.',
  COD_UNPAID: 'The receiver has not paid the {{amount}} due on delivery yet. Send them the payment link again.',
  COD_AMOUNT_INVALID: 'Enter an amount to collect from {{min}} to {{max}}, in whole kobo.',
  PAY_LINK_EXPIRED: 'This payment link is no longer valid: the delivery has ended.',
  NOT_PAY_ON_DELIVERY: 'This delivery is not paid on delivery.',
  // Issue 9: lockout, code budget, identifier change, CSRF, a database that does not answer.
  // The same for a right and a wrong password, so a locked account is no password oracle.
  ACCOUNT_LOCKED:
    'This account is locked after too many incorrect passwords. Please reset your password with "Forgot password?" to sign in again.',
  CODE_BUDGET_EXCEEDED: 'We cannot send codes by text message right now. Please try again later.',
  CURRENT_PASSWORD_INCORRECT: 'Your current password is incorrect.',
  CSRF_REJECTED:
    'This request did not come from the Lanefreight app, so it was refused. Reload the page and try again.',
  DATABASE_UNAVAILABLE: 'The service is busy right now. Please try again in a moment.',
  DATABASE_BUSY: 'Too many requests are waiting for the same data right now. Please try again in a few seconds.',
  // Issue 11 building blocks: uploads, payouts, idempotency keys.
  FILE_TYPE_NOT_ALLOWED: 'This type of file is not accepted. Accepted types: {{allowedTypes}}.',
  FILE_TOO_LARGE: 'The file is too large. The limit is {{maxMegabytes, number}} MB.',
  IMAGE_TOO_MANY_PIXELS: 'The image is too large. The limit is {{maxMegapixels, number}} megapixels.',
  IMAGE_UNREADABLE: 'The image could not be read. Please choose another picture.',
  FILE_UNSAFE:
    'This file contains scripts or web page code, which we do not accept. Save it again as a plain PDF or a photo and upload that.',
  PAYOUT_ACCOUNT_REJECTED: 'The bank could not confirm this account number. Please check it and the bank.',
  IDEMPOTENCY_KEY_INVALID: 'The request carried an invalid idempotency key.',
  IDEMPOTENCY_KEY_REUSED: 'This request key was already used for a different request.',
  IDEMPOTENCY_KEY_IN_PROGRESS: 'Your previous request is still being processed. Please wait a moment.',
  // Issue 11 settings: the profile picture upload without a file (decision 030).
  FILE_REQUIRED: 'Choose a picture to upload.',
  // The live stream (docs/decisions/026).
  INVALID_EVENT_ID: 'Last-Event-ID must be an event id.',
  // Keyset paging (docs/decisions/049).
  INVALID_CURSOR: 'This position in the list is not valid. Reload the list and try again.',
  LIVE_CONNECTIONS_EXCEEDED: 'Too many live connections are open for this account. Close a tab and try again.',
  // Wallet top-ups, withdrawals and step-up (docs/decisions/027, 028).
  WITHDRAWAL_INSUFFICIENT_BALANCE: "You don't have enough balance for this withdrawal",
  WITHDRAWAL_NOT_FOUND: 'We could not find that withdrawal.',
  WITHDRAWAL_NOT_PENDING: 'This withdrawal has already been completed.',
  WITHDRAWAL_ACCOUNT_NUMBER_NOT_KEPT: 'The whole account number of this withdrawal was not kept. Mark it failed so the money returns, and the customer can ask again.',
  PAYOUTS_NOT_CONFIGURED: 'Withdrawals are not set up on this server yet. Please try again later.',
  WITHDRAWAL_SETTLED_BY_GATEWAY: 'This withdrawal is paid by the transfer service; its outcome will arrive from there.',
  REAUTH_REQUIRED: 'For your security, please enter your password again.',
  PASSWORD_INCORRECT: 'That password is not correct.',
  // Partner applications (docs/decisions/032).
  APPLICATION_ALREADY_OPEN:
    'You already have an application of this kind waiting for review. You will hear from us within {{applicationReplyHoursMin, number}}-{{applicationReplyHoursMax, number}} hours.',
  APPLICATION_NOT_FOUND: 'We could not find that application.',
  APPLICATION_ALREADY_DECIDED: 'This application has already been decided.',
  // Dispatch, the driver's handover and ratings (docs/decisions/034).
  DRIVER_NOT_ASSIGNED: 'Assign a driver to this delivery first.',
  HANDOVER_REQUIRED: "Delivered needs the receiver's handover code, or an operator's completion.",
  HANDOVER_CODE_INVALID: 'That handover code is not correct. Attempts left: {{attemptsLeft}}.',
  HANDOVER_LOCKED: 'Too many wrong handover codes. Only an operator can complete this delivery now.',
  DELIVERY_NOT_RATABLE: 'You can rate the driver once the delivery has been delivered.',
  ALREADY_RATED: 'You have already rated this delivery.',
  DRIVER_VEHICLE_UNSUITABLE: "This driver's vehicle does not suit this delivery's mode of transport.",
  LOCATION_NOT_FOUND: 'We could not find this place. Please choose one from the list.',
  OUTSIDE_SERVICE_AREA: 'We deliver within Nigeria only. Please choose a place in Nigeria.',
  SAME_PICKUP_AND_DROPOFF: 'The pickup and the dropoff are the same place.',
  DELIVERY_DATE_OUT_OF_RANGE: 'Choose a delivery date from today to {{days, number}} days ahead.',
  DELIVERY_SCHEDULE_UNAVAILABLE: 'This delivery day and time can no longer be kept.',
  MODE_NOT_AVAILABLE: 'This mode of transportation cannot take this trip.',
  ADDRESS_NOT_FOUND: 'We could not find this address.',
  ADDRESS_LIMIT: 'You can save up to {{limit, number}} addresses. Delete one to save another.',
  QUOTE_NOT_FOUND: 'We could not find this price quote.',
  QUOTE_EXPIRED: 'This price quote has expired. Please get a fresh price.',
  QUOTE_USED: 'This price quote has already been used for a booking.',
  QUOTE_MODE_MISMATCH: 'This price quote was made in the other mode: a test key\'s quote (lf_test_…) books only with a test key, and a live key\'s quote (lf_live_…) only with a live key.',
  API_KEY_NOT_FOUND: 'We could not find this API key.',
  API_KEY_LIMIT: 'You already have {{limit, number}} API keys. Revoke one before creating another.',
  API_KEY_NOT_ALLOWED: 'API keys are for shipper accounts. Operator accounts cannot create them.',
  IDEMPOTENCY_KEY_REQUIRED: 'This request needs an Idempotency-Key header, so that a retry cannot book twice.',
  TEST_MODE_ONLY: 'This works only with a test key (lf_test_…).',
  EXTERNAL_REFERENCE_TAKEN: 'Another delivery already has the reference {{externalReference}}.',
  UNKNOWN_FIELD: 'The field {{field}} is not part of this request.',
  LIVE_MODE_ONLY: 'Pay on delivery works only with a live key (lf_live_…) for now.',
  API_KEY_MISSING: 'This API needs an API key: send it as Authorization: Bearer lf_test_… (or lf_live_…). A signed-in session does not reach /api/v1.',
  API_KEY_INVALID: 'This API key is invalid or has been revoked. Check the key, or create a new one on the Developers page.',
  WEBHOOK_ENDPOINT_NOT_FOUND: 'We could not find this webhook endpoint.',
  WEBHOOK_EVENT_NOT_FOUND: 'This event was never sent to this endpoint.',
  WEBHOOK_ENDPOINT_LIMIT: 'You already have {{limit, number}} webhook endpoints. Remove one before adding another.',
  WEBHOOK_ENDPOINT_DISABLED: 'This endpoint is switched off. Switch it on first.',
  WEBHOOK_URL_NOT_HTTPS: 'The endpoint URL must start with https://.',
  WEBHOOK_URL_FORBIDDEN: 'This URL points to a private or local network address. Use a public address.',
  WEBHOOK_URL_UNRESOLVABLE: 'We could not find the host of this URL. Check the address.',
  WEBHOOKS_NOT_CONFIGURED: 'Webhooks are not set up on this server yet. Please try again later.',
  IMPORT_NOT_FOUND: 'We could not find this import.',
  IMPORT_EMPTY: 'This file has no deliveries in it. Fill in the template, one delivery per row.',
  IMPORT_TOO_MANY_ROWS: 'A file can hold at most {{maxRows, number}} deliveries. Split it into smaller files.',
  IMPORT_NOT_UTF8: 'This file is not saved as UTF-8 (line {{row}}). Save it as "CSV UTF-8" and upload it again.',
  IMPORT_MALFORMED: 'This file is not a valid CSV: a quote opened in row {{row}}, column {{column}} is never closed.',
  IMPORT_HEADER_INVALID: 'The first row must be the template\'s column names; "{{column}}" is missing, repeated or unknown.',
  IMPORT_NOT_READY: 'This import cannot be confirmed while it is {{status}}.',
  IMPORT_PRICES_CHANGED: 'Prices changed since this file was checked. It is being checked again; review the new total.',
  IMPORT_INSUFFICIENT_BALANCE: 'Your wallet is {{shortfall}} short of the {{total}} these deliveries cost. Top up and confirm again.',
  // Account deletion (docs/decisions/059).
  ACCOUNT_HAS_ACTIVE_DELIVERIES:
    'You have deliveries still under way ({{count, number}}). You can delete your account once they are delivered, returned or cancelled.',
  ACCOUNT_HAS_PENDING_WITHDRAWAL: 'A withdrawal from your wallet is still being paid. You can delete your account once it is completed.',
  ACCOUNT_HAS_DEBT: 'You owe {{amount}} in return fees. Top up your wallet to settle it, then delete your account.',
  ACCOUNT_HAS_BALANCE: 'Your wallet still holds {{amount}}. Withdraw it to your bank account first, then delete your account.',
  OPERATOR_ACCOUNT_NOT_DELETABLE: 'Operator accounts cannot be deleted in Settings. Write to privacy@lanefreight.ng to close yours.',
} as const satisfies Record<ErrorCode, string>;

/** English of every message key the shared schemas put on a field. */
export const VALIDATION_MESSAGES = {
  'auth.validation.requiredFields': 'Please fill in all required fields',
  'auth.validation.emailRequired': 'Please enter your email address',
  'auth.validation.phoneRequired': 'Please enter your phone number',
  'auth.validation.passwordsMismatch': 'Passwords do not match',
  'auth.validation.termsRequired': 'Please agree to the terms and conditions',
  'auth.validation.otpInvalid': 'Please enter the {{otpLength, number}}-digit verification code',
  'auth.validation.identifierRequired': 'Please enter your email or phone number.',
  'auth.validation.fillAllFields': 'Please fill in all fields',
  'auth.validation.passwordTooShort': 'Password must be at least {{passwordMin, number}} characters long',
  'auth.validation.passwordTooLong': 'Password must be at most {{passwordMax, number}} characters long',
  'auth.validation.emailInvalid': 'Please enter a valid email address',
  'auth.validation.phoneInvalid': 'Please enter a valid phone number',
  'auth.validation.exactlyOneIdentifier': 'Register with exactly one of email, phone or WhatsApp number',
  'auth.validation.passwordTooCommon': 'This password is too common. Please choose another.',
  'auth.validation.passwordUnchanged': 'Choose a new password that is different from your current one.',
  'auth.validation.identifierInvalid': 'Please enter a valid email address or phone number.',
  'validation.profile.imageUploadOnly': 'To change the profile picture, upload it; here it can only be removed.',
  'validation.profile.currentPasswordRequired': 'Please enter your current password to change your email or phone number.',
  'validation.profile.currentPasswordIncorrect': 'Your current password is incorrect.',
  'validation.profile.oneIdentifierAtATime': 'Please change your email address and your phone number one at a time.',
  'validation.profile.deletionPasswordRequired': 'Please enter your password to delete your account.',
  'booking.validation.receiverName': 'Receiver name is required',
  'booking.validation.receiverPhone': 'Receiver phone number is required',
  'booking.validation.pickupLocation': 'Pickup location is required',
  'booking.validation.dropoffLocation': 'Dropoff location is required',
  'booking.validation.packageType': 'Package type is required',
  'booking.validation.packageWeight': 'Package weight is required',
  'booking.validation.transportMode': 'Mode of transportation is required',
  'booking.validation.deliveryType': 'Delivery type is required',
  'booking.validation.deliveryTime': 'Delivery time is required',
  'booking.validation.deliveryDate': 'Delivery date is required',
  'booking.validation.deliveryDateInvalid': 'Delivery date must be today or later',
  'booking.validation.deliveryDateTooFar': 'Delivery date must be within the next {{bookingDaysAhead, number}} days',
  'booking.validation.deliveryTimeEnded': 'This time slot has already ended today: choose a later one or another day',
  'booking.validation.sameDayTooLate': 'Same Day can no longer arrive today: choose Standard or Express, or another day',
  'booking.validation.receiverPhoneInvalid': 'Enter a valid phone number',
  'booking.validation.tooLong': 'This is too long',
  'webhooks.validation.url': 'Enter the full address of your endpoint, starting with https://',
  'webhooks.validation.urlTooLong': 'This address is too long',
  'webhooks.validation.events': 'Choose at least one event',
  'webhooks.validation.mode': 'Choose test or live',
  'booking.validation.codAmount': 'Enter an amount to collect from {{codMin}} to {{codMax}}, in whole kobo',
  'booking.validation.receiverLanguage': 'Choose one of the listed languages',
  'places.validation.query': 'Type between 1 and {{placesQueryMax, number}} characters to search',
  'places.validation.placeUnknown': 'Choose a place from the list',
  'places.validation.addressUnknown': 'Choose one of your saved addresses',
  'places.validation.locationText': 'We could not find this place. Choose one from the list',
  'places.validation.line': 'Street and house number are required',
  'places.validation.lineTooLong': 'Keep the street and house number under {{placeLineMax, number}} characters',
  'places.validation.directionsTooLong': 'Keep the directions under {{placeDirectionsMax, number}} characters',
  'places.validation.label': 'Give the address a name',
  'places.validation.labelTooLong': 'Keep the name under {{addressLabelMax, number}} characters',
  'places.validation.contactName': 'Keep the contact name under {{contactNameMax, number}} characters',
  'places.validation.contactPhone': 'Enter a valid phone number',
  'places.validation.coordinates': 'Give both a latitude and a longitude',
  'places.validation.samePlace': 'The dropoff must differ from the pickup',
  'places.validation.location': 'Choose a saved address, a place from the list, or a point on the map',
  'places.validation.quoteId': 'This price quote is not valid',
  'quotes.unavailable.interstate': 'Bikes do not take trips between states',
  'quotes.unavailable.too_far': 'This trip is too long for this vehicle',
  'quotes.unavailable.same_day_too_far': 'Too far to deliver the same day with this vehicle',
  'validation.payment.deliveryIdRequired': 'Delivery ID is required',
  'validation.payment.methodRequired': 'Choose a payment method',
  'validation.dispatch.driverRequired': 'Choose a driver',
  'validation.dispatch.driverFilterActiveOnly': 'Only the Active tab can show one driver’s jobs',
  'validation.dispatch.handoverCodeFormat': 'Enter the {{handoverCodeLength, number}}-digit code the receiver was sent',
  'validation.dispatch.ratingStars': 'Choose from {{ratingStarsMin, number}} to {{ratingStarsMax, number}} stars',
  'validation.dispatch.commentTooLong': 'The comment must be at most {{ratingCommentMax, number}} characters',
  'validation.dispatch.failedAttemptReason': 'Please choose why the parcel could not be handed over',
  'validation.dispatch.failedAttemptNoteTooLong': 'The note must be at most {{failedAttemptNoteMax, number}} characters',
  'validation.dispatch.failedAttemptNoteRequired': 'Please say what happened',
  'validation.dispatch.onDutyRequired': 'Say whether you are on duty: true or false',
  'validation.input.unstorable': 'Contains characters that are not allowed.',
  'imports.rowErrors.PLACE_UNKNOWN': 'We could not find the place "{{place}}". Use one of the closest places or its id',
  'imports.rowErrors.PLACE_AMBIGUOUS': 'More than one place is called "{{place}}". Use its id, or add its state after a comma',
  'imports.rowErrors.FORMULA_REFUSED': 'A cell may not start with =, +, - or @ (a spreadsheet would run it as a formula)',
  'imports.rowErrors.ROW_MALFORMED': 'This row does not match the header: check its commas and quotes',
  'imports.rowErrors.NOT_AN_OPTION': '"{{value}}" is not one of: {{options}}',
  'imports.rowErrors.DATE_FORMAT': '"{{value}}" is not a date written as year-month-day, such as 2026-12-01',
  'validation.input.tooDeep': 'Nested more than {{inputDepthMax, number}} levels deep.',
  'validation.dateRange.order': 'The end date must be on or after the start date',
  'validation.dateRange.day': 'Choose a date between {{earliest}} and {{latest}}',
  'deliveries.validation.mode': 'Choose live or test deliveries',
  'walletMoney.validation.invalidAmount': 'Please enter a valid amount',
  'walletMoney.validation.belowMinimum': 'The minimum amount is {{amount}}',
  'walletMoney.validation.aboveMaximum': 'The maximum amount is {{amount}}',
  'walletMoney.validation.transferReferenceRequired': "Enter the bank's reference for the transfer",
  'walletMoney.validation.transferReferenceFormat':
    'The reference must be {{transferReferenceMin, number}} to {{transferReferenceMax, number}} characters: letters, digits, - / _ or .',
  'validation.payout.bankRequired': 'Please choose your bank',
  'validation.payout.bankUnknown': 'We do not recognise this bank. Please choose one from the list',
  'validation.payout.accountNumberFormat': 'The account number must be {{accountNumberLength, number}} digits',
  'validation.payout.accountNumberInvalid': 'This account number is not valid for the chosen bank. Please check it',
  'validation.payout.accountNameRequired': 'Please enter the account name',
  'validation.payout.accountNameTooLong': 'The account name must be at most {{accountNameMax, number}} characters',
  'validation.partners.partnerType': 'Choose transportation or investment partner, before the documents',
  'validation.partners.preferredRoutes': 'Preferred routes are required',
  'validation.partners.serviceAvailability': 'Service availability is required',
  'validation.partners.vehicleType': 'Vehicle type is required',
  'validation.partners.vehicleBrand': 'Vehicle brand is required',
  'validation.partners.plateNumber': 'Plate number is required',
  'validation.partners.plateNumberFormat': 'Enter the plate number as it is on the vehicle, e.g. LSR 123 AB',
  'validation.partners.driversLicenceNumber': "Driver's licence number is required",
  'validation.partners.driversLicenceNumberFormat': "Enter the licence number as it is on the card, e.g. ABC12345AA01",
  'validation.partners.fullName': 'Full name is required',
  'validation.partners.phoneNumber': 'Phone number is required',
  'validation.partners.phoneNumberFormat': 'Enter a valid phone number',
  'validation.partners.emailAddress': 'Email address is required',
  'validation.partners.emailAddressFormat': 'Enter a valid email address',
  'validation.partners.homeAddress': 'Home address is required',
  'validation.partners.investmentArea': 'Investment area is required',
  'validation.partners.initialCapital': 'Initial capital is required',
  'validation.partners.bankName': 'Bank name is required',
  'validation.partners.accountNumber': 'The account number must be {{accountNumberLength, number}} digits',
  'validation.partners.tooLong': 'This is too long',
  'validation.partners.documentRequired': 'Please upload this document',
  'validation.partners.documentType': 'Upload a PDF, JPEG, PNG or WebP file',
  'validation.partners.photoType': 'Upload a JPEG, PNG or WebP photo',
  'validation.partners.documentTooLarge': 'The file is too large. The limit is {{documentMaxMegabytes, number}} MB.',
  'validation.partners.documentUnsafe': 'This file contains scripts or web page code. Save it again as a plain PDF or a photo.',
  'validation.partners.tooManyFiles': 'Too many files for this document',
  'validation.partners.tooFewPhotos': 'Upload {{vehiclePhotosMin, number}} to {{vehiclePhotosMax, number}} vehicle photos',
  'validation.partners.unknownDocument': 'This document is not part of this application',
  'validation.partners.rejectionReason': 'Please give the reason for the rejection',
  'developers.keys.validation.name': 'Give the key a name of up to {{apiKeyNameMax, number}} characters',
  'developers.keys.validation.mode': 'Choose test or live',
} as const satisfies Record<ValidationMessageKey, string>;

/**
 * The merchant API's reasons for a value that was sent but is not valid (docs/decisions/091). The shared schemas say
 * "… is required" for a missing and an invalid choice alike, which is what the web's forms must show for an empty
 * field (the spec's words); an integrator who sent `okada` needs to hear that it is not allowed. English only: the web
 * never shows them.
 */
export const API_FIELD_REASONS = {
  notAllowed: 'This value is not allowed',
  notADate: 'Not a valid date: use YYYY-MM-DD',
} as const;

/**
 * The `message` of successful answers. API clients read it; the web says its own words (its locale keys),
 * so these have no i18n key.
 */
export const SUCCESS_MESSAGES = {
  ok: 'OK',
  registered: 'Registration Successful! Please check your email/phone for verification code.',
  loggedIn: 'Welcome back',
  verified: 'Your account has been verified successfully!',
  codeSent: 'A new verification code has been sent.',
  resetCodeSent: 'If an account uses this email or phone number, a password reset code has been sent to it.',
  resetVerified: 'You can now create a new password.',
  passwordReset: 'Your password has been reset. Please login with your new password.',
  loggedOut: 'You have been signed out.',
  profileUpdated: 'Your profile information has been updated successfully.',
  identifierChangeCodeSent: 'We sent a code to your new email address or phone number. Enter it to confirm the change.',
  identifierChanged: 'Your email address or phone number has been changed. Your other devices have been signed out.',
  deliveryBooked: 'Delivery booked.',
  bookingUpdated: 'Booking updated.',
  deliveryCancelled: 'Delivery cancelled.',
  driverAssigned: 'Driver assigned.',
  statusUpdated: 'Status updated.',
  deliveryCompleted: 'Delivery completed.',
  deliveryRated: 'Thank you for rating your driver.',
  paymentSucceeded: 'Payment successful.',
  continueToCheckout: 'Continue to checkout.',
  avatarUpdated: 'Your profile picture has been updated.',
  avatarRemoved: 'Your profile picture has been removed.',
  preferencesSaved: 'Your notification preferences have been saved.',
  addressSaved: 'Address saved.',
  addressDeleted: 'Address deleted.',
  quoted: 'Here is your price. It holds for 15 minutes.',
  accountDeleted: 'Your account has been deleted and you have been signed out everywhere.',
} as const;

export type SuccessMessage = keyof typeof SUCCESS_MESSAGES;

const PLACEHOLDER = /{{\s*(\w+)\s*(?:,\s*(\w+)\s*)?}}/g;

/**
 * `{{name}}` replaced by its value, from `params` or else the rules' values (shared/rule-values.ts), as i18next does
 * on the web; `{{name, number}}` formats a number through Intl in `language`. A name without a value stays visible
 * rather than vanishing.
 */
export function interpolate(template: string, params: MessageParams = {}, language: string = FALLBACK_LANGUAGE): string {
  const values: MessageParams = { ...RULE_VALUES, ...params };
  return template.replace(PLACEHOLDER, (whole, name: string, format: string | undefined) => {
    const value = values[name];
    if (value === undefined) return whole;
    return format === 'number' && typeof value === 'number' ? new Intl.NumberFormat(intlLocales(language)).format(value) : String(value);
  });
}

export function errorMessage(code: ErrorCode, params?: MessageParams): string {
  return interpolate(ERROR_MESSAGES[code], params);
}

export function isValidationMessageKey(key: string): key is ValidationMessageKey {
  return Object.hasOwn(VALIDATION_MESSAGES, key);
}

/** English of a field message: a catalogue key, or a library's own text (zod's defaults) as it came. */
export function fieldMessage(keyOrText: string): string {
  return isValidationMessageKey(keyOrText) ? VALIDATION_MESSAGES[keyOrText] : keyOrText;
}
