import { z } from 'zod';
import { cursorPageSchema, cursorQuerySchema } from './paging.js';
import { dateRangeShape, refineDateRange, type DateRange } from './date-range.js';
import { DELIVERY_STATUSES, DELIVERY_TYPES, DISPLAY_STATUSES, FAILED_ATTEMPT_REASONS, TRANSPORT_MODES } from './deliveries.js';
import { FAILED_ATTEMPT_NOTE_MAX, HANDOVER_CODE_LENGTH, RATING_COMMENT_MAX, RATING_STARS_MAX, RATING_STARS_MIN } from '../rule-limits.js';

/**
 * The operator's dispatch board and the driver's workspace: the API contract shared by the server
 * (modules/dispatch, modules/drivers) and the web (features/dispatch, features/driver).
 */

/** i18n keys of field messages; the server's catalogue (lib/messages.ts) holds their English. */
export const DISPATCH_MESSAGE_KEYS = {
  driverRequired: 'validation.dispatch.driverRequired',
  handoverCodeFormat: 'validation.dispatch.handoverCodeFormat',
  ratingStars: 'validation.dispatch.ratingStars',
  commentTooLong: 'validation.dispatch.commentTooLong',
  failedAttemptReason: 'validation.dispatch.failedAttemptReason',
  failedAttemptNoteTooLong: 'validation.dispatch.failedAttemptNoteTooLong',
  failedAttemptNoteRequired: 'validation.dispatch.failedAttemptNoteRequired',
  onDutyRequired: 'validation.dispatch.onDutyRequired',
  driverFilterActiveOnly: 'validation.dispatch.driverFilterActiveOnly',
} as const;

/** What a driver types as the receiver's handover code: HANDOVER_CODE_LENGTH digits. */
export const HANDOVER_CODE_PATTERN = new RegExp(`^\\d{${HANDOVER_CODE_LENGTH}}$`);

/**
 * Board filters: paid and waiting for a driver; on the road; a failed attempt waiting for a decision; delivered;
 * cancelled; everything paid.
 */
export const DISPATCH_BOARD_FILTERS = ['unassigned', 'active', 'needs_decision', 'delivered', 'cancelled', 'all'] as const;
export type DispatchBoardFilter = (typeof DISPATCH_BOARD_FILTERS)[number];

/**
 * Which date a tab's date range is on: the one it is sorted by, so its own index serves the range (decision 057).
 * Unassigned, when due (decision 088); Active, when paid; the others, their last change (delivered, cancelled, the
 * failed attempt).
 */
export const BOARD_DATE_OF = {
  unassigned: 'due',
  active: 'paid',
  needs_decision: 'changed',
  delivered: 'changed',
  cancelled: 'changed',
  all: 'changed',
} as const satisfies Record<DispatchBoardFilter, 'due' | 'paid' | 'changed'>;

/** The Active tab's driver filter (decision 088): one driver's jobs on the road. Only Active takes it. */
const boardDriverShape = { driverId: z.uuid().optional() };

function refineBoardQuery(query: DateRange & { status: DispatchBoardFilter; driverId?: string | undefined }, ctx: z.RefinementCtx) {
  refineDateRange(query, ctx);
  if (query.driverId !== undefined && query.status !== 'active') {
    ctx.addIssue({ code: 'custom', path: ['driverId'], message: DISPATCH_MESSAGE_KEYS.driverFilterActiveOnly });
  }
}

export const dispatchDeliveriesQuerySchema = cursorQuerySchema
  .extend({ status: z.enum(DISPATCH_BOARD_FILTERS).default('unassigned'), ...boardDriverShape, ...dateRangeShape })
  .superRefine(refineBoardQuery);

/**
 * The board's search: a delivery id or tracking id, looked up exactly on any tab (decision 052); or part of a
 * receiver's name or phone, within the tab and its date range, bounded like My Deliveries' (decision 057).
 */
export const dispatchSearchQuerySchema = z
  .object({ q: z.string().trim().min(1).max(60), status: z.enum(DISPATCH_BOARD_FILTERS).default('unassigned'), ...boardDriverShape, ...dateRangeShape })
  .superRefine(refineBoardQuery);

/** The board's CSV export: the tab, search and date range on screen (decision 057). */
export const dispatchExportQuerySchema = z
  .object({ q: z.string().trim().max(60).optional(), status: z.enum(DISPATCH_BOARD_FILTERS).default('unassigned'), ...boardDriverShape, ...dateRangeShape })
  .superRefine(refineBoardQuery);

export const deliveryHistoryEntrySchema = z.object({
  status: z.enum(DELIVERY_STATUSES),
  note: z.string().nullable(),
  at: z.string(),
});

export const assignedDriverSchema = z.object({
  userId: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  plateNumber: z.string(),
});

/** What both the dispatch board and the driver see of a delivery: where, what, for whom, and its status. */
const deliveryJobSchema = z.object({
  /** LF001 … */
  id: z.string(),
  trackingId: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  transportMode: z.enum(TRANSPORT_MODES),
  packageType: z.string(),
  packageWeight: z.string(),
  pickupLocation: z.string(),
  dropoffLocation: z.string(),
  receiverName: z.string(),
  receiverPhone: z.string(),
  /** Express and same-day jobs are marked on the board's card and the driver's (decision 087): they are due first. */
  deliveryType: z.enum(DELIVERY_TYPES),
  deliveryDate: z.string(),
  deliveryTime: z.string(),
  history: z.array(deliveryHistoryEntrySchema),
  /**
   * Pay on delivery: what the receiver pays through their link, and when they paid (the hand-over waits for it);
   * null for a prepaid delivery. The board and the driver's job read it from the row they already load.
   */
  cod: z.object({ amountKobo: z.number().int(), paidAt: z.string().nullable() }).nullable(),
});

/** A step on the board: with the name of the delivery's driver after it; null before one, or when no longer on record. */
export const boardHistoryEntrySchema = deliveryHistoryEntrySchema.extend({ driverName: z.string().nullable() });

/** A delivery as the dispatch board shows it: full details (operators see everything), its driver and history. */
export const dispatchDeliverySchema = deliveryJobSchema.extend({
  history: z.array(boardHistoryEntrySchema),
  displayStatus: z.enum(DISPLAY_STATUSES),
  /** Integer kobo. */
  totalKobo: z.number().int(),
  paidAt: z.string().nullable(),
  /** When it is due: its booked slot's start, or its payment if paid once the slot had begun (decision 088). */
  dueAt: z.string(),
  driver: assignedDriverSchema.nullable(),
  /** Five wrong handover codes: only an operator can complete it now. */
  handoverLocked: z.boolean(),
});
export type DispatchDelivery = z.infer<typeof dispatchDeliverySchema>;

export const dispatchDeliveriesPageSchema = cursorPageSchema(dispatchDeliverySchema);
export const dispatchSearchResultSchema = z.object({ items: z.array(dispatchDeliverySchema) });

/** Without a transport mode, every driver (the Active tab's driver filter, decision 088). */
export const dispatchDriversQuerySchema = z.object({ transportMode: z.enum(TRANSPORT_MODES).optional() });

/** A driver with the vehicle on record and the customers' real average rating. */
export const driverSchema = z.object({
  userId: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  transportMode: z.enum(TRANSPORT_MODES),
  vehicleType: z.string(),
  vehicleBrand: z.string().nullable(),
  plateNumber: z.string(),
  /** One decimal; null before the first rating. */
  rating: z.number().nullable(),
  reviews: z.number().int(),
  /** Deliveries assigned to the driver and not yet delivered. */
  activeJobs: z.number().int(),
  /** Off duty by their own switch: shown in the assign dialog, not assignable (decision 063). */
  onDuty: z.boolean(),
});
export type DriverSummary = z.infer<typeof driverSchema>;

/** POST /api/dispatch/deliveries/{id}/assign-driver: assign or reassign (the receiver's code goes with the pickup, decision 077). */
export const assignDriverBodySchema = z.object({
  driverId: z.uuid({ error: DISPATCH_MESSAGE_KEYS.driverRequired }),
});
export type AssignDriverBody = z.infer<typeof assignDriverBodySchema>;

/** POST /api/dispatch/deliveries/{id}/status: the operator moves a delivery one step (as the lifecycle allows). */
export const updateStatusBodySchema = z.object({
  status: z.enum(DELIVERY_STATUSES, { error: 'Unknown status' }),
  note: z.string().trim().max(200).optional(),
});

/** POST /api/dispatch/deliveries/{id}/complete: an operator completes a delivery without the code (after the lockout). */
export const operatorCompleteBodySchema = z.object({ note: z.string().trim().min(1).max(200) });

// The driver's workspace.

export const DRIVER_JOB_SCOPES = ['active', 'completed'] as const;
export const driverJobsQuerySchema = cursorQuerySchema.extend({ scope: z.enum(DRIVER_JOB_SCOPES).default('active') });

/** A job as the driver sees it: where to collect, where to deliver, whom to hand it to. */
export const driverJobSchema = deliveryJobSchema.extend({
  description: z.string().nullable(),
  /** What the job pays the driver (integer kobo), credited at the hand-over: a share of the fare, or of a return's fee. */
  earningsKobo: z.number().int(),
  /** Wrong handover codes left before only an operator can complete it. */
  handoverAttemptsLeft: z.number().int(),
});
export type DriverJob = z.infer<typeof driverJobSchema>;

/** POST /api/driver/jobs/{id}/pay-link: sent, or not needed because the receiver has paid. */
export const payLinkResultSchema = z.object({ sent: z.boolean(), paid: z.boolean() });
export const driverJobsPageSchema = cursorPageSchema(driverJobSchema);

/** POST /api/driver/jobs/{id}/status: one step on the road; delivered needs the code (…/deliver). */
export const DRIVER_STATUS_STEPS = ['picked_up', 'in_transit', 'out_for_delivery'] as const;
export const driverStatusBodySchema = z.object({ status: z.enum(DRIVER_STATUS_STEPS) });

/** POST /api/driver/jobs/{id}/deliver: JSON `{ code }`, or multipart with `code` and an optional `photo`. */
export const deliverBodySchema = z.object({
  code: z.string().trim().regex(HANDOVER_CODE_PATTERN, DISPATCH_MESSAGE_KEYS.handoverCodeFormat),
});

/** POST /api/deliveries/{id}/rating: the customer rates the driver once, after delivery. */
export const rateDeliveryBodySchema = z.object({
  stars: z
    .number({ error: DISPATCH_MESSAGE_KEYS.ratingStars })
    .int(DISPATCH_MESSAGE_KEYS.ratingStars)
    .min(RATING_STARS_MIN, DISPATCH_MESSAGE_KEYS.ratingStars)
    .max(RATING_STARS_MAX, DISPATCH_MESSAGE_KEYS.ratingStars),
  comment: z.string().trim().max(RATING_COMMENT_MAX, DISPATCH_MESSAGE_KEYS.commentTooLong).optional(),
});
export type RateDeliveryBody = z.infer<typeof rateDeliveryBodySchema>;

/** How the customer rated the driver (declared with the tracking result, which shows it). */
export { deliveryRatingSchema, type DeliveryRating } from './deliveries.js';

/** Why a driver could not hand the parcel over (declared with the tracking result, which shows it). */
export { FAILED_ATTEMPT_REASONS, type FailedAttemptReason } from './deliveries.js';

export const failedAttemptBodySchema = z
  .object({
    reason: z.enum(FAILED_ATTEMPT_REASONS, { error: DISPATCH_MESSAGE_KEYS.failedAttemptReason }),
    note: z.string().trim().max(FAILED_ATTEMPT_NOTE_MAX, { error: DISPATCH_MESSAGE_KEYS.failedAttemptNoteTooLong }).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.reason === 'other' && !body.note) ctx.addIssue({ code: 'custom', path: ['note'], message: DISPATCH_MESSAGE_KEYS.failedAttemptNoteRequired });
  });
export type FailedAttemptBody = z.infer<typeof failedAttemptBodySchema>;

/** After a failed attempt: try again (at most REATTEMPT_LIMIT times), or send the parcel back. */
export const AFTER_FAILURE_DECISIONS = ['reattempt', 'return'] as const;
export type AfterFailureDecision = (typeof AFTER_FAILURE_DECISIONS)[number];
export const REATTEMPT_LIMIT = 2;

/** An operator's or the shipper's decision after a failed attempt. */
export const afterFailureBodySchema = z.object({ decision: z.enum(AFTER_FAILURE_DECISIONS) });

/**
 * The role homes' counts are capped (decision 060): each counts at most this many rows through the index of its
 * list, so a count costs the same at any table size. A count equal to the cap means "at least that many"; the web
 * shows anything above 999 as "999+".
 */
export const HOME_COUNT_CAP = 1000;
const cappedCount = z.number().int().min(0).max(HOME_COUNT_CAP);

/**
 * GET /api/dispatch/summary: the operator's home, above the board. The board's waiting tabs, the partner applications
 * waiting for a decision and the withdrawals waiting to be paid, each capped at HOME_COUNT_CAP.
 */
export const operatorHomeSummarySchema = z.object({
  unassigned: cappedCount,
  active: cappedCount,
  needsDecision: cappedCount,
  pendingApplications: cappedCount,
  pendingWithdrawals: cappedCount,
});
export type OperatorHomeSummary = z.infer<typeof operatorHomeSummarySchema>;

/**
 * The driver's own on/off duty switch (decision 063): operators assign work only to drivers on duty. `changedAt` is
 * when they last switched, null while they never have (every driver starts on duty).
 */
export const driverDutySchema = z.object({ onDuty: z.boolean(), changedAt: z.iso.datetime({ offset: true }).nullable() });
export type DriverDuty = z.infer<typeof driverDutySchema>;

/** PUT /api/driver/availability: go on or off duty. Setting the state the driver is already in changes nothing. */
export const driverAvailabilityBodySchema = z.object({
  onDuty: z.boolean({ error: DISPATCH_MESSAGE_KEYS.onDutyRequired }),
});
export type DriverAvailabilityBody = z.infer<typeof driverAvailabilityBodySchema>;

/**
 * GET /api/driver/summary: the driver's home, above their jobs. Active jobs (capped), what their wallet was credited
 * for deliveries today (the Lagos day `day`, integer kobo), and whether operators can assign them work: a vehicle on
 * record, whose transport mode decides which deliveries they are offered (decision 060), and their duty switch on
 * (decision 063).
 */
export const driverHomeSummarySchema = z.object({
  activeJobs: cappedCount,
  earnedTodayKobo: z.number().int().min(0),
  day: z.iso.date(),
  /** A vehicle on record and on duty: what lets operators assign them work. */
  availableForWork: z.boolean(),
  /** Null without a vehicle on record (no switch to show: operations has to register the vehicle first). */
  duty: driverDutySchema.nullable(),
  vehicle: z
    .object({ transportMode: z.enum(TRANSPORT_MODES), vehicleType: z.string(), plateNumber: z.string() })
    .nullable(),
  /** What customers gave them, as customers see it on tracking: the average (one decimal; null before any) and how many. */
  rating: z.object({ average: z.number().min(1).max(5).nullable(), reviews: z.number().int().min(0) }),
});
export type DriverHomeSummary = z.infer<typeof driverHomeSummarySchema>;
