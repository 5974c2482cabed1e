import { DELIVERY_STATUSES, type DeliveryStatus } from '../../../shared/schemas/deliveries.js';

/**
 * The one place that says how a delivery moves: which moves exist, who may make each, and what each status
 * allows. Pure (no database, no I/O), so every rule here is unit-tested move by move.
 */
export type Actor = 'customer' | 'operator' | 'driver' | 'system';
export const ACTORS: readonly Actor[] = ['customer', 'operator', 'driver', 'system'];

/**
 * pay: the money arrived (a wallet payment, or the system settling a card payment); advance: one step on the road;
 * hand_over: the last step, made only with the code of the one receiving it (the receiver, or the shipper's pickup
 * contact for a return) by the driver, or by an operator's completion; fail: the driver could not hand it over;
 * reattempt / return: the decision after a failed attempt (the system returns it when nobody decides in time).
 */
export type MoveKind = 'pay' | 'cancel' | 'advance' | 'hand_over' | 'fail' | 'reattempt' | 'return';

export interface Move {
  from: DeliveryStatus;
  to: DeliveryStatus;
  kind: MoveKind;
  actors: readonly Actor[];
}

const ON_THE_ROAD: readonly Actor[] = ['operator', 'driver'];
/** Who decides what happens after a failed attempt: the operator, or the shipper (the delivery's owner). */
const DECIDERS: readonly Actor[] = ['operator', 'customer'];

export const MOVES: readonly Move[] = [
  { from: 'awaiting_payment', to: 'pending', kind: 'pay', actors: ['customer', 'system'] },
  { from: 'awaiting_payment', to: 'cancelled', kind: 'cancel', actors: ['customer'] },
  { from: 'pending', to: 'cancelled', kind: 'cancel', actors: ['customer'] },
  { from: 'pending', to: 'picked_up', kind: 'advance', actors: ON_THE_ROAD },
  { from: 'picked_up', to: 'in_transit', kind: 'advance', actors: ON_THE_ROAD },
  { from: 'in_transit', to: 'out_for_delivery', kind: 'advance', actors: ON_THE_ROAD },
  { from: 'out_for_delivery', to: 'delivered', kind: 'hand_over', actors: ON_THE_ROAD },
  { from: 'out_for_delivery', to: 'failed_attempt', kind: 'fail', actors: ['driver'] },
  { from: 'failed_attempt', to: 'out_for_delivery', kind: 'reattempt', actors: DECIDERS },
  { from: 'failed_attempt', to: 'returning', kind: 'return', actors: [...DECIDERS, 'system'] },
  { from: 'returning', to: 'returned', kind: 'hand_over', actors: ON_THE_ROAD },
];

export function findMove(from: DeliveryStatus, to: DeliveryStatus): Move | undefined {
  return MOVES.find((move) => move.from === from && move.to === to);
}

export function canMove(from: DeliveryStatus, to: DeliveryStatus, actor: Actor): boolean {
  return findMove(from, to)?.actors.includes(actor) ?? false;
}

/** The next step on the road (one at a time, from paid to delivered); undefined when there is none. */
export function nextStatus(from: DeliveryStatus): DeliveryStatus | undefined {
  return MOVES.find((move) => move.from === from && (move.kind === 'advance' || move.kind === 'hand_over'))?.to;
}

/** The one status a step on the road to `to` may come from, for this actor; undefined when no such step leads there. */
export function stepOrigin(to: DeliveryStatus, actor: Actor): DeliveryStatus | undefined {
  return MOVES.find((move) => move.to === to && move.kind === 'advance' && move.actors.includes(actor))?.from;
}

/** Why a status step (POST …/status, by a driver or an operator) is refused, or null when it may be made. */
export type StepRefusal = 'INVALID_STATUS_TRANSITION' | 'DRIVER_NOT_ASSIGNED' | 'HANDOVER_REQUIRED';

/**
 * A step on the road: one at a time, only by an actor the move allows, only once a driver has the job (someone
 * must carry it, and the receiver must have the code), and never the hand-over, which needs the receiver's code
 * (the driver's …/deliver) or an operator's completion with a note (…/complete).
 */
export function stepRefusal(from: DeliveryStatus, to: DeliveryStatus, actor: Actor, hasDriver: boolean): StepRefusal | null {
  const move = findMove(from, to);
  if (!move || (move.kind !== 'advance' && move.kind !== 'hand_over') || !move.actors.includes(actor)) return 'INVALID_STATUS_TRANSITION';
  if (!hasDriver) return 'DRIVER_NOT_ASSIGNED';
  if (move.kind === 'hand_over') return 'HANDOVER_REQUIRED';
  return null;
}

/** A hand-over may be made from here (to the receiver, or back to the shipper): by the driver with the code, or by an operator. */
export function isHandoverDue(status: DeliveryStatus): boolean {
  return handoverTarget(status) !== undefined;
}

/** Where a hand-over from here ends: delivered, or returned for a parcel on its way back. */
export function handoverTarget(status: DeliveryStatus): DeliveryStatus | undefined {
  return MOVES.find((move) => move.from === status && move.kind === 'hand_over')?.to;
}

/** A driver has the job and it is not finished: pickup, the road, a decision after a failed attempt, or a hand-over are ahead. */
export function isActiveJob(status: DeliveryStatus): boolean {
  return isDriverAssignable(status) || isAwaitingDecision(status) || isHandoverDue(status);
}

/** The driver may record a failed attempt here. */
export function isFailable(status: DeliveryStatus): boolean {
  return findMove(status, 'failed_attempt')?.kind === 'fail';
}

/** A failed attempt waits for the operator's or the shipper's decision: try again, or return. */
export function isAwaitingDecision(status: DeliveryStatus): boolean {
  return MOVES.some((move) => move.from === status && move.kind === 'reattempt');
}

/** The customer may rate the driver once the package has been handed over. */
export function isRatable(status: DeliveryStatus): boolean {
  return status === 'delivered';
}

/** Awaiting its first payment, at the price the booking locked. */
export function isPayable(status: DeliveryStatus): boolean {
  return findMove(status, 'pending')?.kind === 'pay';
}

/** The owner may still cancel: before pickup. */
export function isCancellable(status: DeliveryStatus): boolean {
  return canMove(status, 'cancelled', 'customer');
}

/** Cancelling from here gives the money back to the wallet: it was paid and nothing has moved yet. */
export function isRefundableOnCancel(status: DeliveryStatus): boolean {
  return isCancellable(status) && !isPayable(status);
}

/** Only an unpaid booking can be edited (and is re-priced). */
export function isEditable(status: DeliveryStatus): boolean {
  return isPayable(status);
}

/**
 * A driver can be (re)assigned while the delivery is paid and on its way to the receiver. A return keeps its driver:
 * a new one would be sent the receiver's code, while the parcel now goes to the shipper with a code of theirs.
 */
export function isDriverAssignable(status: DeliveryStatus): boolean {
  for (let next = nextStatus(status); next !== undefined; next = nextStatus(next)) {
    if (next === 'delivered') return true;
  }
  return false;
}

/**
 * The receiver of a pay-on-delivery order may pay here (decision 053): once the shipper has paid the booking and
 * while the parcel may still reach them; a return, a hand-over or a cancellation kills the pay link.
 */
export function isCodPayable(status: DeliveryStatus): boolean {
  return !isPayable(status) && (isDriverAssignable(status) || isHandoverDue(status) || isAwaitingDecision(status)) && handoverTarget(status) !== 'returned';
}

/** Why a payment is refused, or null when the status takes one: a cancelled delivery is not payable, any other is paid. */
export function paymentRefusal(status: DeliveryStatus): 'DELIVERY_NOT_PAYABLE' | 'ALREADY_PAID' | null {
  if (isPayable(status)) return null;
  return status === 'cancelled' ? 'DELIVERY_NOT_PAYABLE' : 'ALREADY_PAID';
}

/** The statuses where a rule holds, for conditional writes (`where status in (...)`). */
export function statusesWhere(rule: (status: DeliveryStatus) => boolean): readonly DeliveryStatus[] {
  return DELIVERY_STATUSES.filter(rule);
}

export const CANCELLABLE_STATUSES = statusesWhere(isCancellable);
export const DRIVER_ASSIGNABLE_STATUSES = statusesWhere(isDriverAssignable);
export const ACTIVE_JOB_STATUSES = statusesWhere(isActiveJob);
export const HANDOVER_DUE_STATUSES = statusesWhere(isHandoverDue);
export const FAILABLE_STATUSES = statusesWhere(isFailable);
export const AWAITING_DECISION_STATUSES = statusesWhere(isAwaitingDecision);
export const COD_PAYABLE_STATUSES = statusesWhere(isCodPayable);

/** What the receiver is sent about their driver: the code with the driver's name, a new driver's name, or nothing. */
export type ReceiverDriverNews = 'code' | 'new-driver' | null;

/**
 * The one rule for what the receiver hears of their driver (decision 077). The code goes once per delivery, with the
 * step that puts the parcel in the driver's hands (pickup), naming that driver: an assignment says nothing, as the
 * driver may set off tomorrow or be replaced before. Once the receiver holds a code, a new driver is named to them
 * (the same driver assigned again is no news) and the code stays: a second code would leave them with two and a
 * doubt.
 */
export function receiverDriverNews(change: { step: DeliveryStatus } | { assigned: 'new' | 'same' }, hasCode: boolean): ReceiverDriverNews {
  if ('assigned' in change) return change.assigned === 'new' && hasCode ? 'new-driver' : null;
  return change.step === 'picked_up' && !hasCode ? 'code' : null;
}
